import {
  failoverCalls,
  osLabel,
  RUNBOOK_MAX_DELAY_SECONDS,
  RUNBOOK_MAX_GROUPS,
  type RunbookAnswer,
  type RunbookForm,
  type RunbookListAnswer,
  runbookForm,
} from '@lifeboat/contract';
import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Controller, useFieldArray, useWatch } from 'react-hook-form';
import { invalidateCalls, useCall } from '../../../api/useCall';
import { FormPasswordInput } from '../../../forms/FormPasswordInput';
import { FormTextInput } from '../../../forms/FormTextInput';
import { useSchemaForm } from '../../../forms/useSchemaForm';
import { DialogButtons, FormErrorAlert } from '../../entities/DialogParts';
import { createRunbook, editRunbook } from '../failover-api';

const INPUTS = [
  'name',
  'vo_type',
  'appliance_id',
  'gateway',
  'netmask',
  'password',
  'clear_password',
  'systems',
];

const EMPTY: RunbookForm = {
  name: '',
  vo_type: 'cloud',
  appliance_id: null,
  gateway: '10.0.0.1',
  netmask: '255.255.255.0',
  password: '',
  clear_password: false,
  systems: [],
};

const formOf = (r: RunbookAnswer): RunbookForm => ({
  name: r.name,
  vo_type: r.vo_type,
  appliance_id: r.appliance_id,
  gateway: r.gateway,
  netmask: r.netmask,
  password: '',
  clear_password: false,
  systems: r.systems.map(({ system_id, group, delay_seconds, ip_address }) => ({
    system_id,
    group,
    delay_seconds,
    ip_address,
  })),
});

type Target = { kind: 'create' } | { kind: 'edit'; id: number };

/**
 * Create or edit a runbook (client/runbooks/{clientId}): each field checked by the contract's
 * runbookForm as it is corrected, the server's refusals under their fields (docs/adding-things 6).
 */
export function RunbookDialog({
  target,
  clientId,
  list,
  onClose,
}: {
  target: Target | null;
  clientId: number;
  list: RunbookListAnswer;
  onClose: () => void;
}) {
  const mobile = useMediaQuery('(max-width: 48em)');
  const qc = useQueryClient();
  const editId = target?.kind === 'edit' ? target.id : null;
  const existing = useCall(
    failoverCalls.runbook,
    { params: { runbookId: editId ?? 0 } },
    { enabled: editId !== null, staleTime: 0 },
  );
  const { form, onSubmit, formError, saving, reset } = useSchemaForm(runbookForm, {
    defaultValues: EMPTY,
    inputs: INPUTS,
    send: async (values) => {
      if (editId === null) await createRunbook(clientId, values);
      else await editRunbook(editId, values);
      notifications.show({
        color: 'green',
        message: editId === null ? `Runbook ${values.name} created.` : `Runbook ${values.name} saved.`,
        autoClose: 5000,
      });
      void invalidateCalls(qc, [failoverCalls.runbook.area]);
      onClose();
    },
  });
  const systems = useFieldArray({ control: form.control, name: 'systems' });
  const voType = useWatch({ control: form.control, name: 'vo_type' });
  const opened = target !== null;
  const loaded = existing.data;
  useEffect(() => {
    if (!opened) return;
    if (editId === null) reset(EMPTY);
    else if (loaded) reset(formOf(loaded));
  }, [opened, editId, loaded, reset]);

  const systemChoices = list.systems.map((s) => ({
    value: String(s.id),
    label: `${s.name} (${osLabel(s.os_type)})`,
    disabled: !s.startable,
  }));
  const arrayError = form.formState.errors.systems?.root?.message ?? form.formState.errors.systems?.message;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="xl"
      fullScreen={mobile}
      title={editId === null ? 'New runbook' : `Edit ${loaded?.name ?? 'runbook'}`}
    >
      {editId !== null && existing.isPending ? (
        <Skeleton h={300} aria-label="Loading the runbook" />
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <FormErrorAlert title="The runbook was not saved" message={formError} />
            <FormTextInput control={form.control} name="name" label="Name" withAsterisk />
            <Controller
              control={form.control}
              name="vo_type"
              render={({ field }) => (
                <Stack gap={4}>
                  <Text size="sm" fw={500}>
                    Where the office runs
                  </Text>
                  <SegmentedControl
                    value={field.value}
                    onChange={(v) => field.onChange(v)}
                    data={[
                      { value: 'cloud', label: 'Cloud' },
                      { value: 'appliance', label: 'Appliance', disabled: list.appliances.length === 0 },
                    ]}
                  />
                </Stack>
              )}
            />
            {voType === 'appliance' && (
              <Controller
                control={form.control}
                name="appliance_id"
                render={({ field, fieldState }) => (
                  <Select
                    label="Appliance"
                    data={list.appliances.map((a) => ({ value: String(a.id), label: a.name }))}
                    value={field.value === null ? null : String(field.value)}
                    onChange={(v) => field.onChange(v === null ? null : Number(v))}
                    error={fieldState.error?.message}
                  />
                )}
              />
            )}
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <FormTextInput control={form.control} name="gateway" label="Office gateway" withAsterisk />
              <FormTextInput control={form.control} name="netmask" label="Office netmask" withAsterisk />
            </SimpleGrid>
            <FormPasswordInput
              control={form.control}
              name="password"
              label="Runbook password (optional)"
              description={
                loaded?.password_protected
                  ? 'Leave empty to keep the current password.'
                  : 'Asked before anyone starts the runbook.'
              }
            />
            {loaded?.password_protected && (
              <Controller
                control={form.control}
                name="clear_password"
                render={({ field }) => (
                  <Checkbox
                    label="Remove the password"
                    checked={field.value}
                    onChange={(e) => field.onChange(e.currentTarget.checked)}
                  />
                )}
              />
            )}
            <Stack gap="xs">
              <Group justify="space-between">
                <Text size="sm" fw={500}>
                  Systems, in start order
                </Text>
                <Button
                  size="xs"
                  variant="light"
                  onClick={() =>
                    systems.append({
                      system_id: 0,
                      group: Math.min(RUNBOOK_MAX_GROUPS, systems.fields.length + 1),
                      delay_seconds: 0,
                      ip_address: '',
                    })
                  }
                >
                  Add a system
                </Button>
              </Group>
              <Text size="xs" c="dimmed">
                Groups start one after the other; systems of a group start together, each after its delay.
              </Text>
              {arrayError && (
                <Text size="sm" c="red" role="alert">
                  {arrayError}
                </Text>
              )}
              {systems.fields.map((f, i) => (
                <Paper key={f.id} withBorder p="xs" radius="sm" data-testid="runbook-system">
                  <Group align="flex-start" gap="xs" wrap="wrap">
                    <Controller
                      control={form.control}
                      name={`systems.${i}.system_id`}
                      render={({ field, fieldState }) => (
                        <Select
                          label="System"
                          placeholder="Choose a system"
                          data={systemChoices}
                          value={field.value ? String(field.value) : null}
                          onChange={(v) => field.onChange(v === null ? 0 : Number(v))}
                          error={fieldState.error?.message}
                          miw={200}
                          style={{ flex: 2 }}
                        />
                      )}
                    />
                    <Controller
                      control={form.control}
                      name={`systems.${i}.group`}
                      render={({ field, fieldState }) => (
                        <NumberInput
                          label="Group"
                          value={field.value}
                          onChange={(v) => field.onChange(typeof v === 'number' ? v : Number.NaN)}
                          min={1}
                          max={RUNBOOK_MAX_GROUPS}
                          error={fieldState.error?.message}
                          w={90}
                        />
                      )}
                    />
                    <Controller
                      control={form.control}
                      name={`systems.${i}.delay_seconds`}
                      render={({ field, fieldState }) => (
                        <NumberInput
                          label="Delay in seconds"
                          value={field.value}
                          onChange={(v) => field.onChange(typeof v === 'number' ? v : Number.NaN)}
                          min={0}
                          max={RUNBOOK_MAX_DELAY_SECONDS}
                          error={fieldState.error?.message}
                          w={110}
                        />
                      )}
                    />
                    <FormTextInput
                      control={form.control}
                      name={`systems.${i}.ip_address`}
                      label="Address"
                      placeholder="DHCP"
                      miw={150}
                      style={{ flex: 1 }}
                    />
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      mt={26}
                      onClick={() => systems.remove(i)}
                      aria-label={`Remove system ${i + 1}`}
                    >
                      ×
                    </ActionIcon>
                  </Group>
                </Paper>
              ))}
            </Stack>
            <DialogButtons
              onCancel={onClose}
              saving={saving}
              label={editId === null ? 'Create runbook' : 'Save'}
            />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
