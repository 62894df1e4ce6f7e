import { virtualizationCalls as v } from '@lifeboat/contract';
import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useCall } from '../../../../api/useCall';
import { pointTimeText } from '../../format';
import { CopyText } from '../../office/CopyText';
import type { StepProps } from '../types';
import { OpenVirtualizedTab } from './OpenVirtualizedTab';

const STATUS_COLOR = { Running: 'teal', Stopped: 'gray', Offline: 'red' } as const;

/** browseLocalVms: the client's virtual machines (the inventory's VIRTUALIZED tab), after a start. */
export function BrowseLocalVmsStep({ state, close }: StepProps) {
  const clientId = state.data.client?.id ?? state.data.device?.client_id ?? 0;
  const q = useCall(
    v.inventoryData,
    { params: { clientId, type: 'VIRTUALIZED' }, json: { startable: 0, flowType: 'recovery' } },
    { refetchInterval: 5000 },
  );
  const rows = q.data?.rows ?? [];
  const reach = state.data.vm.reach;
  return (
    <Stack gap="md">
      {reach && (reach.ip || reach.vnc) && (
        <Paper withBorder radius="md" p="sm" data-testid="local-vm-reach">
          <Stack gap={6}>
            <Text size="sm" fw={600}>
              {state.data.device?.name} runs on its appliance
            </Text>
            {reach.ip && (
              <Group gap="xs" wrap="wrap">
                <Text size="sm">Address</Text>
                <CopyText label="address" value={reach.ip} />
              </Group>
            )}
            {reach.vnc && (
              <Group gap="xs" wrap="wrap">
                <Text size="sm">Console (VNC)</Text>
                <CopyText label="VNC address" value={reach.vnc} />
              </Group>
            )}
          </Stack>
        </Paper>
      )}
      <Text size="sm">
        The virtual machines of {state.data.client?.name ?? 'this client'}. Stop or discard them in the
        virtualized tab of the inventory.
      </Text>
      {q.isPending && <Skeleton h={120} radius="md" />}
      {q.error && (
        <Alert color="red" title="The virtual machines could not be loaded">
          {q.error.message}
        </Alert>
      )}
      {q.data && rows.length === 0 && (
        <Alert color="gray" title="No virtual machine">
          None of this client's devices runs as a virtual machine now.
        </Alert>
      )}
      <Stack gap="xs" data-testid="local-vms">
        {rows.map((r) => (
          <Paper key={r.id} withBorder radius="md" p="sm" data-testid="local-vm">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Stack gap={0}>
                <Text fw={600}>{r.name}</Text>
                <Text size="xs" c="dimmed">
                  {[
                    r.appliance_name,
                    r.os_name,
                    r.last_rp_at ? `backup of ${pointTimeText(r.last_rp_at)}` : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
              </Stack>
              {r.sva_job_status && (
                <Badge color={STATUS_COLOR[r.sva_job_status]} variant="light">
                  {r.sva_job_status}
                </Badge>
              )}
            </Group>
          </Paper>
        ))}
      </Stack>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={close}>
          Close
        </Button>
        <OpenVirtualizedTab clientId={clientId} close={close} />
      </Group>
    </Stack>
  );
}
