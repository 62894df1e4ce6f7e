import { AZURE_JOBS_POLL_MS, type AzureJob } from '@lifeboat/contract';
import { Alert, Badge, Button, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PanelFrame } from '../recovery/panels/PanelFrame';
import { azureKeys, cancelAzureJob, dismissAzureJob, fetchAzureAvailability, fetchAzureJobs } from './api';

// The Azure export panel (spec: recovery-flow 2, 3 'Azure job', 4 'Azure job', 6): job blocks
// with live status and progress; cancel and dismiss each through a confirmation; a failed cancel
// or dismiss re-enables the buttons. Shown only when the organisation has azure_restore_enabled
// and never for the provider's staff (the availability call answers that).

const STATUS_COLOR: Record<AzureJob['status'], string> = {
  running: 'blue',
  completed: 'teal',
  failed: 'red',
  cancelled: 'gray',
};

type Pending = { job: AzureJob; action: 'cancel' | 'dismiss' };

export function AzureJobsPanel({ scope, id }: { scope: 'reseller' | 'client'; id: number }) {
  const available = useQuery({
    queryKey: azureKeys.availability(),
    queryFn: fetchAzureAvailability,
    staleTime: 60_000,
  });
  if (!available.data?.enabled) return null;
  return <AzureJobsList scope={scope} id={id} />;
}

function AzureJobsList({ scope, id }: { scope: 'reseller' | 'client'; id: number }) {
  const q = useQuery({
    queryKey: azureKeys.jobs(scope, id),
    queryFn: () => fetchAzureJobs(scope, id),
    refetchInterval: (query) =>
      query.state.data?.jobs.some((j) => j.status === 'running') ? AZURE_JOBS_POLL_MS : 60_000,
  });
  const [pending, setPending] = useState<Pending | null>(null);
  const jobs = q.data?.jobs ?? [];
  return (
    <PanelFrame
      title="Azure exports"
      loading={q.isPending}
      error={q.error}
      empty={jobs.length === 0}
      emptyText="No restores to Azure yet."
    >
      <Stack gap="md">
        {jobs.map((j) => (
          <JobBlock key={j.jobId} job={j} onAction={(action) => setPending({ job: j, action })} />
        ))}
      </Stack>
      {pending && (
        <ConfirmJobAction
          pending={pending}
          onClose={() => setPending(null)}
          queryKey={azureKeys.jobs(scope, id)}
        />
      )}
    </PanelFrame>
  );
}

function JobBlock({ job, onAction }: { job: AzureJob; onAction: (a: 'cancel' | 'dismiss') => void }) {
  return (
    <Stack gap={6} data-testid="azure-job">
      {job.blocks.map((b, i) => (
        <Stack key={b.title} gap={2}>
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm" fw={600} truncate>
              {b.title}
            </Text>
            {i === 0 && (
              <Badge color={STATUS_COLOR[job.status]} variant="light">
                {job.status}
              </Badge>
            )}
          </Group>
          {b.elements.map((e) => (
            <Text key={e.label} size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {e.label}: {e.value}
            </Text>
          ))}
        </Stack>
      ))}
      {job.status === 'running' && (
        <Stack gap={2}>
          <Progress value={job.percent} aria-label={`Progress of job ${job.jobId}`} />
          <Text size="xs" c="dimmed">
            {job.step ?? 'Starting'} · {Math.round(job.percent)} %
          </Text>
        </Stack>
      )}
      <Group gap="xs">
        {job.canCancel && (
          <Button size="xs" variant="default" onClick={() => onAction('cancel')}>
            Cancel
          </Button>
        )}
        {job.canDismiss && (
          <Button size="xs" variant="default" onClick={() => onAction('dismiss')}>
            Dismiss
          </Button>
        )}
      </Group>
    </Stack>
  );
}

function ConfirmJobAction({
  pending,
  onClose,
  queryKey,
}: {
  pending: Pending;
  onClose: () => void;
  queryKey: readonly unknown[];
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
      void qc.invalidateQueries({ queryKey });
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
