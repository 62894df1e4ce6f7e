import {
  type OfficeNetworkAnswer,
  RUNBOOK_LIMITS,
  runbookSettingsForm,
  settingsCalls,
} from '@lifeboat/contract';
import { ActionIcon, Button, Group, NumberInput, Radio, Select, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { Controller, type FieldValues, useFieldArray } from 'react-hook-form';
import { call } from '../../api/call';
import { callKey } from '../../api/useCall';
import { FormTextInput } from '../../forms/FormTextInput';
import { type FieldBinding, useFieldProps } from '../../forms/useFieldProps';
import { useSchemaForm } from '../../forms/useSchemaForm';
import { FormErrorAlert } from '../entities/DialogParts';

// A client's runbook settings for its virtual office (issue 17.5; inventory-reports-exports-security
// 3 'Runbook settings'): VPN users, port-forward rules per address, the DHCP's DNS servers and
// MAC-to-IP mappings, the networks the site-to-site VPN may reach, how VPN users sign in and how
// they connect. The simple lists are typed one per line; the contract checks every entry.

type Runbook = OfficeNetworkAnswer['runbook'];
const toForm = (r: Runbook) => ({
  vpn_users: r.vpn_users.join('\n'),
  dhcp_dns_servers: r.dhcp_dns_servers.join('\n'),
  s2s_allowed_ips: r.s2s_allowed_ips.join('\n'),
  auth_method: r.auth_method,
  connection_type: r.connection_type,
  port_forwards: r.port_forwards,
  dhcp_mappings: r.dhcp_mappings,
});

function ListBox<F extends FieldValues, T extends FieldValues>({
  label,
  ...binding
}: FieldBinding<F, T> & { label: string }) {
  const props = useFieldProps(binding);
  return <Textarea {...props} label={label} autosize minRows={2} maxRows={8} />;
}

export function RunbookSettingsForm({ network }: { network: OfficeNetworkAnswer }) {
  const qc = useQueryClient();
  const clientId = network.client_id;
  const readOnly = !network.can_edit;
  const { form, onSubmit, formError, saving, reset } = useSchemaForm(runbookSettingsForm, {
    defaultValues: toForm(network.runbook),
    send: async (v) => {
      const answer = await call(settingsCalls.saveRunbookSettings, { params: { id: clientId }, json: v });
      qc.setQueryData(callKey(settingsCalls.officeNetwork, { params: { id: clientId } }), answer);
      reset(toForm(answer.runbook));
      notifications.show({
        color: 'green',
        title: 'Runbook settings saved',
        message: 'The next virtual office of this client uses them.',
        autoClose: 5000,
      });
    },
  });
  const forwards = useFieldArray({ control: form.control, name: 'port_forwards' });
  const mappings = useFieldArray({ control: form.control, name: 'dhcp_mappings' });
  const c = form.control;
  return (
    <form onSubmit={onSubmit} noValidate>
      <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Stack gap="lg" maw={720}>
          <div>
            <Text fw={600}>Runbook settings</Text>
            <Text size="sm" c="dimmed">
              What this client's virtual office sets up when a runbook starts it.
            </Text>
          </div>
          <FormErrorAlert title="The runbook settings were not saved" message={formError} />
          <ListBox
            control={c}
            name="vpn_users"
            label="VPN users"
            description={`User names that may connect to the virtual office, one per line (at most ${RUNBOOK_LIMITS.vpnUsers}).`}
          />
          <Controller
            control={c}
            name="auth_method"
            render={({ field, fieldState }) => (
              <Radio.Group {...field} label="VPN users sign in" error={fieldState.error?.message}>
                <Group mt={6}>
                  <Radio value="ad" label="With Active Directory" />
                  <Radio value="direct" label="Directly (a password per user)" />
                </Group>
              </Radio.Group>
            )}
          />
          <Controller
            control={c}
            name="connection_type"
            render={({ field, fieldState }) => (
              <Radio.Group {...field} label="Connection type" error={fieldState.error?.message}>
                <Group mt={6}>
                  <Radio value="secure" label="Secure (encrypted)" />
                  <Radio value="plain" label="Plain" />
                </Group>
              </Radio.Group>
            )}
          />
          <Stack gap="xs">
            <Text size="sm" fw={500}>
              Port-forward rules
            </Text>
            {forwards.fields.length === 0 && (
              <Text size="sm" c="dimmed">
                No ports are forwarded to the office's machines.
              </Text>
            )}
            {forwards.fields.map((f, i) => (
              <Group key={f.id} align="flex-start" gap="xs" wrap="wrap" data-testid="port-forward">
                <FormTextInput control={c} name={`port_forwards.${i}.ip`} label="Machine address" w={160} />
                <Controller
                  control={c}
                  name={`port_forwards.${i}.protocol`}
                  render={({ field }) => (
                    <Select
                      {...field}
                      label="Protocol"
                      w={100}
                      allowDeselect={false}
                      data={[
                        { value: 'tcp', label: 'TCP' },
                        { value: 'udp', label: 'UDP' },
                      ]}
                    />
                  )}
                />
                {(['public_port', 'private_port'] as const).map((p) => (
                  <Controller
                    key={p}
                    control={c}
                    name={`port_forwards.${i}.${p}`}
                    render={({ field, fieldState }) => (
                      <NumberInput
                        {...field}
                        onChange={(v) => field.onChange(typeof v === 'number' ? v : Number(v))}
                        label={p === 'public_port' ? 'Public port' : 'Machine port'}
                        w={120}
                        min={1}
                        max={65535}
                        allowDecimal={false}
                        error={fieldState.error?.message}
                      />
                    )}
                  />
                ))}
                <ActionIcon
                  mt={26}
                  variant="subtle"
                  color="red"
                  aria-label={`Remove port-forward rule ${i + 1}`}
                  onClick={() => forwards.remove(i)}
                >
                  ×
                </ActionIcon>
              </Group>
            ))}
            {!readOnly && forwards.fields.length < RUNBOOK_LIMITS.portForwards && (
              <Group>
                <Button
                  size="xs"
                  variant="light"
                  onClick={() =>
                    forwards.append({ ip: '', protocol: 'tcp', public_port: 443, private_port: 443 })
                  }
                >
                  Add port-forward rule
                </Button>
              </Group>
            )}
          </Stack>
          <ListBox
            control={c}
            name="dhcp_dns_servers"
            label="DHCP DNS servers"
            description={`The DNS servers the office's DHCP hands out, one per line (at most ${RUNBOOK_LIMITS.dnsServers}).`}
          />
          <Stack gap="xs">
            <Text size="sm" fw={500}>
              DHCP MAC-to-IP mappings
            </Text>
            {mappings.fields.length === 0 && (
              <Text size="sm" c="dimmed">
                Every machine takes any free address.
              </Text>
            )}
            {mappings.fields.map((f, i) => (
              <Group key={f.id} align="flex-start" gap="xs" wrap="wrap">
                <FormTextInput control={c} name={`dhcp_mappings.${i}.mac`} label="MAC address" w={190} />
                <FormTextInput control={c} name={`dhcp_mappings.${i}.ip`} label="Address" w={160} />
                <ActionIcon
                  mt={26}
                  variant="subtle"
                  color="red"
                  aria-label={`Remove mapping ${i + 1}`}
                  onClick={() => mappings.remove(i)}
                >
                  ×
                </ActionIcon>
              </Group>
            ))}
            {!readOnly && mappings.fields.length < RUNBOOK_LIMITS.mappings && (
              <Group>
                <Button size="xs" variant="light" onClick={() => mappings.append({ mac: '', ip: '' })}>
                  Add mapping
                </Button>
              </Group>
            )}
          </Stack>
          <ListBox
            control={c}
            name="s2s_allowed_ips"
            label="Site-to-site VPN allowed networks"
            description="Addresses or networks of the office that the IPsec sites may reach, one per line; empty: the whole office network."
          />
          {!readOnly && (
            <Group>
              <Button type="submit" loading={saving} disabled={!form.formState.isDirty}>
                Save runbook settings
              </Button>
            </Group>
          )}
        </Stack>
      </fieldset>
    </form>
  );
}
