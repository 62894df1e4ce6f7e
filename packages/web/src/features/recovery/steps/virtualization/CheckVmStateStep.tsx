import { virtualizationCalls as v, vmStateCheck } from '@lifeboat/contract';
import { Alert, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call } from '../../../../api/call';
import { callKey } from '../../../../api/useCall';
import type { VmEvent } from '../../engine/virtualization';
import { StepFooter } from '../StepFooter';
import type { StepProps } from '../types';

/**
 * checkVmState: asks get_virtualized_state (and, for a production failover VM, is_disk_from_failover)
 * and moves on by vmStateCheck (spec: recovery-flow 4 'VM state check before export').
 */
export function CheckVmStateStep({ state, dispatch }: StepProps) {
  const d = state.data;
  const aid = d.device?.appliance_id ?? 0;
  const deviceId = d.device?.id ?? 0;
  const input = { json: { aid, device_id: deviceId } };
  // Two reads made into the wizard's event: keyed like useCall's, with the event's own suffix.
  const q = useQuery({
    queryKey: [...callKey(v.virtualizedState, input), 'event'],
    queryFn: async (): Promise<VmEvent> => {
      const s = await call(v.virtualizedState, input);
      const decision = vmStateCheck(s.error ? { error: s.error } : s, s.exposed_disk, d.vm.format ?? 'VMDK');
      const event: VmEvent = { type: 'vmChecked', decision, message: s.error };
      if (decision.step === 'revokeMount')
        event.message = `${d.device?.name ?? 'This device'} already has a disk open as a network share. Remove that share to continue.`;
      if (decision.step === 'setJob' && s.production && s.running && d.vm.format)
        event.fromFailover = (await call(v.diskFromFailover, input)).from_failover;
      return event;
    },
    // Always asked afresh: a share or a VM may have changed since.
    gcTime: 0,
    retry: false,
  });
  useEffect(() => {
    if (q.data) dispatch(q.data);
  }, [q.data, dispatch]);
  return (
    <Stack gap="md">
      {q.error ? (
        <Alert color="red" title="The device's state could not be checked">
          {q.error.message}
        </Alert>
      ) : (
        <Center py="lg">
          <Group gap="sm">
            <Loader size="sm" aria-label="Checking" />
            <Text c="dimmed">
              Checking whether {d.device?.name ?? 'the device'} runs as a virtual machine…
            </Text>
          </Group>
        </Center>
      )}
      <StepFooter state={state} dispatch={dispatch}>
        {q.error && <Button onClick={() => void q.refetch()}>Try again</Button>}
      </StepFooter>
    </Stack>
  );
}
