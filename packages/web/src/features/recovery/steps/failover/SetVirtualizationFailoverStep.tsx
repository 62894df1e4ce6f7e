import { failoverCalls as c, type FailoverSetupAnswer } from '@lifeboat/contract';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { useCall } from '../../../../api/useCall';
import type { FoSelection } from '../../engine/failover';
import { pointTimeText } from '../../format';
import { StepFooter } from '../StepFooter';
import type { StepProps } from '../types';

type Device = FailoverSetupAnswer['devices'][number];
type Service = FailoverSetupAnswer['services'][number]['id'];

/** The setup this wizard loads (shared with createFailover through the query cache). */
export function useFailoverSetup(state: StepProps['state']) {
  const tool = state.data.tool === 'second' ? 'second' : 'first';
  const clientId = state.data.client?.id ?? 0;
  const deviceId = state.data.presetDevice ? (state.data.device?.id ?? null) : null;
  // load_rb_failover_setup or load_brc_failover_setup, for the device or for the whole client: the
  // one that applies is asked, the others stay idle.
  const on = (t: typeof tool, device: boolean) => ({ enabled: tool === t && (deviceId !== null) === device });
  const client = { params: { clientId, applianceId: '0' } };
  const device = { params: { clientId, applianceId: '0', deviceId: deviceId ?? 0 } };
  const rb = useCall(c.rbSetup, client, on('second', false));
  const rbDevice = useCall(c.rbSetupForDevice, device, on('second', true));
  const brc = useCall(c.brcSetup, client, on('first', false));
  const brcDevice = useCall(c.brcSetupForDevice, device, on('first', true));
  if (tool === 'second') return deviceId === null ? rb : rbDevice;
  return deviceId === null ? brc : brcDevice;
}

/** create_failover's app_ids and direct-to-cloud / vault-only flags follow the chosen systems. */
export function selectionOf(devices: Device[], systemIds: number[], services: Service[]): FoSelection {
  const chosen = devices.filter((d) => systemIds.includes(d.id));
  const appIds = [
    ...new Set(chosen.flatMap((d) => (d.kind === 'appliance' && d.appliance_id ? [d.appliance_id] : []))),
  ];
  return {
    appIds,
    d2cSelected: chosen.some((d) => d.kind === 'd2c'),
    vaultOnlySelected: chosen.some((d) => d.kind === 'vault_only'),
    systemIds,
    services,
  };
}

const KIND_LABEL: Record<Device['kind'], string> = {
  appliance: 'Appliance',
  d2c: 'Direct to cloud',
  vault_only: 'Vault only',
};

/** setVirtualizationFailover: the systems and network services of the office (spec: recovery-flow 3 'Failover setup'). */
export function SetVirtualizationFailoverStep({ state, dispatch }: StepProps) {
  const setup = useFailoverSetup(state);
  const [systems, setSystems] = useState<number[]>(state.data.fo.selection?.systemIds ?? []);
  const [services, setServices] = useState<Service[]>(state.data.fo.selection?.services ?? ['vpn']);
  const data = setup.data;
  // The setup's defaults (the device the wizard came from, or every startable one).
  useEffect(() => {
    if (data && !state.data.fo.selection)
      setSystems(data.devices.filter((d) => d.selected && !d.unavailable).map((d) => d.id));
  }, [data, state.data.fo.selection]);

  if (setup.isPending) return <Skeleton h={220} aria-label="Loading the failover setup" />;
  if (setup.error || !data)
    return (
      <Stack>
        <Alert color="red" title="The failover setup could not be loaded">
          {setup.error?.message}
        </Alert>
        <StepFooter state={state} dispatch={dispatch}>
          <Button variant="light" onClick={() => void setup.refetch()}>
            Try again
          </Button>
        </StepFooter>
      </Stack>
    );

  return (
    <Stack gap="md">
      <Group gap="xs">
        <Badge variant="light">
          {data.apps.length} appliance{data.apps.length === 1 ? '' : 's'}
        </Badge>
        <Badge variant="light">{data.d2c_count} direct to cloud</Badge>
        <Badge variant="light">{data.vault_only_count} vault only</Badge>
      </Group>
      {data.devices.length === 0 ? (
        <Alert color="yellow" title="Nothing to start">
          No system of {data.client_name} has a cloud restore point yet.
        </Alert>
      ) : (
        <Checkbox.Group
          data-testid="failover-systems"
          label="Systems to start"
          value={systems.map(String)}
          onChange={(v) => setSystems(v.map(Number))}
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt="xs">
            {data.devices.map((d) => (
              <Paper key={d.id} withBorder p="xs" radius="sm">
                <Checkbox
                  value={String(d.id)}
                  disabled={Boolean(d.unavailable)}
                  label={d.name}
                  description={
                    d.unavailable ??
                    `${KIND_LABEL[d.kind]}${d.appliance_name ? ` · ${d.appliance_name}` : ''}${
                      d.restore_point_at ? ` · ${pointTimeText(d.restore_point_at)}` : ''
                    }`
                  }
                />
              </Paper>
            ))}
          </SimpleGrid>
        </Checkbox.Group>
      )}
      <Checkbox.Group
        label="Network services of the office"
        value={services}
        onChange={(v) => setServices(data.services.map((s) => s.id).filter((id) => v.includes(id)))}
      >
        <Stack gap={6} mt="xs">
          {data.services.map((s) => (
            <Checkbox key={s.id} value={s.id} label={s.label} />
          ))}
        </Stack>
      </Checkbox.Group>
      <Text size="xs" c="dimmed">
        {systems.length} system{systems.length === 1 ? '' : 's'} chosen.
      </Text>
      <StepFooter state={state} dispatch={dispatch}>
        <Button
          disabled={systems.length === 0}
          onClick={() =>
            dispatch({ type: 'foSetup', selection: selectionOf(data.devices, systems, services) })
          }
        >
          Next
        </Button>
      </StepFooter>
    </Stack>
  );
}
