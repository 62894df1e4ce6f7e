import type { AzureJob, AzureJobAction } from '@lifeboat/contract';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateCalls, type Stale } from '../../api/useCall';
import { cancelAzureJob, dismissAzureJob } from './api';

export type PendingJobAction = { job: AzureJob; action: AzureJobAction };

/** Cancel or dismiss an Azure job after a confirmation; a failure re-enables the buttons. */
export function ConfirmJobAction({
  pending,
  onClose,
  stale,
}: {
  pending: PendingJobAction;
  onClose: () => void;
  /** The panel's jobs call, read again once the job is cancelled or dismissed. */
  stale: readonly Stale[];
}) {
  const qc = useQueryClient();
  const { job, action } = pending;
  const run = useMutation({
    mutationFn: async () => {
      const r = action === 'cancel' ? await cancelAzureJob(job.jobId) : await dismissAzureJob(job.jobId);
      if (!r.success)
        throw new Error(`The job could not be ${action === 'cancel' ? 'cancelled' : 'dismissed'}.`);
    },
    onSuccess: () => {
      void invalidateCalls(qc, stale);
      onClose();
    },
  });
  const title = job.blocks[0]?.title ?? `Job ${job.jobId}`;
  return (
    <Modal
      opened
      onClose={onClose}
      title={action === 'cancel' ? 'Cancel this restore?' : 'Dismiss this job?'}
    >
      <Stack gap="md">
        <Text size="sm">
          {action === 'cancel'
            ? `${title} stops; what was uploaded so far stays in the storage account.`
            : `${title} is removed from this panel.`}
        </Text>
        {run.error && <Alert color="red">{run.error.message}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Back
          </Button>
          <Button
            color={action === 'cancel' ? 'red' : undefined}
            loading={run.isPending}
            onClick={() => run.mutate()}
          >
            {action === 'cancel' ? 'Cancel the restore' : 'Dismiss'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
