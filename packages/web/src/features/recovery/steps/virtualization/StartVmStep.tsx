import { VM_START_POLL_MS, virtualizationCalls as v } from '@lifeboat/contract';
import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { invalidateCalls, useCall } from '../../../../api/useCall';
import type { StepProps } from '../types';
import { alertAndClose } from './SetupLocalVmStep';

/** startVm: polls is_vm_running every 4 s until the VM runs, then shows the VM list (spec: recovery-flow 4, 9). */
export function StartVmStep({ state, dispatch, close }: StepProps) {
  const d = state.data;
  const aid = d.device?.appliance_id ?? 0;
  const sid = d.device?.id ?? 0;
  const qc = useQueryClient();
  const q = useCall(
    v.isVmRunning,
    { json: { aid, device_id: sid } },
    {
      refetchInterval: (query) =>
        query.state.data?.running || query.state.data?.error ? false : VM_START_POLL_MS,
      gcTime: 0,
    },
  );
  const a = q.data;
  useEffect(() => {
    if (!a) return;
    if (a.error) alertAndClose(a.title, a.error, close);
    else if (a.running) {
      void invalidateCalls(qc, [v.inventoryData]);
      dispatch({ type: 'vmStarted', ip: a.ip_address, vnc: a.vnc_address });
    }
  }, [a, close, dispatch, qc]);
  return (
    <Stack gap="md">
      <Text size="sm">
        {d.device?.name} is starting as a virtual machine on its appliance. This page follows it; you may also
        close it and find the machine in the virtualized tab of the inventory.
      </Text>
      <Progress value={a?.progress ?? 0} animated aria-label="Start progress" />
      <Text size="sm" c="dimmed">
        {a?.step ?? 'Waiting for the appliance…'}
      </Text>
      {q.error && (
        <Alert color="red" title="The start could not be followed">
          {q.error.message}
        </Alert>
      )}
      {/* No Back: the start is under way. Closing leaves it running (the text above says where to find it). */}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={close}>
          Close
        </Button>
      </Group>
    </Stack>
  );
}
