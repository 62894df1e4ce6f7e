import { failoverCalls } from '@lifeboat/contract';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateCalls } from '../../../api/useCall';
import { stopFailover } from '../failover-api';

/** Stop a virtual office after a confirmation: its machines are discarded. */
export function StopOfficeModal({
  opened,
  failoverId,
  production,
  onClose,
  onStopped,
}: {
  opened: boolean;
  failoverId: number;
  production: boolean;
  onClose: () => void;
  onStopped: () => void;
}) {
  const qc = useQueryClient();
  const stop = useMutation({
    mutationFn: () => stopFailover(failoverId),
    onSuccess: () => {
      notifications.show({ color: 'green', message: 'The virtual office is stopped.', autoClose: 5000 });
      void invalidateCalls(qc, [failoverCalls.stopFailover.area]);
      onStopped();
      onClose();
    },
  });
  return (
    <Modal opened={opened} onClose={onClose} title="Stop the virtual office?">
      <Stack gap="md">
        <Text size="sm">
          Every system of the office is shut down and its cloud copy discarded.
          {production ? ' People working in the production office lose their connection now.' : ''}
        </Text>
        {stop.error && (
          <Alert color="red" title="The office could not be stopped">
            {stop.error.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" loading={stop.isPending} onClick={() => stop.mutate()}>
            Stop the office
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
