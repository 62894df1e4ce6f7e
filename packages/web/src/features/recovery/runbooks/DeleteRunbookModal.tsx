import { failoverCalls, type RunbookRow } from '@lifeboat/contract';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { invalidateCalls } from '../../../api/useCall';
import { deleteRunbook } from '../failover-api';

/** Delete a runbook after a confirmation; its past offices stay in the history. */
export function DeleteRunbookModal({
  runbook,
  onClose,
}: {
  runbook: RunbookRow | null;
  onClose: () => void;
}) {
  const qc = useQueryClient();
  // The name stays while the dialog closes (its question must not go blank mid-animation).
  const [shown, setShown] = useState(runbook);
  useEffect(() => {
    if (runbook) setShown(runbook);
  }, [runbook]);
  const del = useMutation({
    mutationFn: (r: RunbookRow) => deleteRunbook(r.id),
    onSuccess: (_a, r) => {
      notifications.show({ color: 'green', message: `Runbook ${r.name} deleted.`, autoClose: 5000 });
      void invalidateCalls(qc, [failoverCalls.deleteRunbook.area]);
      onClose();
    },
  });
  return (
    <Modal opened={runbook !== null} onClose={onClose} title="Delete this runbook?">
      <Stack gap="md">
        <Text size="sm">
          <b>{shown?.name}</b> will no longer be offered when a virtual office starts. Offices it started stay
          in the history.
        </Text>
        {del.error && (
          <Alert color="red" title="The runbook was not deleted">
            {del.error.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" loading={del.isPending} onClick={() => runbook && del.mutate(runbook)}>
            Delete runbook
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
