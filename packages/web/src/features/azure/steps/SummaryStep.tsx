import { azureCalls } from '@lifeboat/contract';
import { Button, Group, Modal, Progress, Stack, Table, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { invalidateCalls, useCall } from '../../../api/useCall';
import { startAzureRestore } from '../api';
import type { AzureWizard } from '../useAzureWizard';

const ROWS = [
  ['client', 'Client'],
  ['device', 'Protected system'],
  ['restorePoint', 'Restore point'],
  ['login', 'Azure account'],
  ['resourceGroup', 'Resource group'],
  ['storageAccount', 'Storage account'],
] as const;

/**
 * The summary (dashboard-device-azure 4 'Summary actions'): start over through a confirmation;
 * restore to cloud starts the export (an operation); success opens the started modal with the
 * job's progress, failure the failed modal with retry or cancel.
 */
export function SummaryStep({ w, home }: { w: AzureWizard; home: string }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [jobId, setJobId] = useState<number | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const start = useMutation({
    mutationFn: startAzureRestore,
    onSuccess: (r) => {
      if (r.success && r.job_id !== null) {
        setJobId(r.job_id);
        // The Azure export panels show the new job as soon as they are opened.
        void invalidateCalls(qc, [azureCalls.resellerJobs, azureCalls.clientJobs]);
      } else setFailed(r.error ?? 'Azure did not accept the restore.');
    },
    onError: (e) => setFailed(e.message),
  });
  const again = async () => {
    setConfirming(false);
    setJobId(null);
    await w.startOver();
  };
  return (
    <Stack gap="md">
      <Table>
        <Table.Tbody>
          {ROWS.filter(([k]) => w.labels[k]).map(([k, label]) => (
            <Table.Tr key={k}>
              <Table.Th w="40%">{label}</Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{w.labels[k]}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group justify="flex-end" wrap="wrap">
        <Button variant="default" onClick={() => setConfirming(true)}>
          Start over
        </Button>
        <Button loading={start.isPending} onClick={() => start.mutate()}>
          Restore to cloud
        </Button>
      </Group>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Start over?">
        <Stack>
          <Text size="sm">Every choice of this restore is cleared and you sign in to Azure again.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Keep my choices
            </Button>
            <Button color="red" onClick={() => void again()}>
              Start over
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal opened={failed !== null} onClose={() => setFailed(null)} title="The restore could not start">
        <Stack>
          <Text size="sm">{failed}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setFailed(null)}>
              Cancel
            </Button>
            <Button
              onClick={() => {
                setFailed(null);
                start.mutate();
              }}
            >
              Retry
            </Button>
          </Group>
        </Stack>
      </Modal>
      {jobId !== null && (
        <StartedModal
          jobId={jobId}
          // spec 4: a reseller returns to the dashboard, a client user to the client page.
          homeLabel={w.user?.isClient ? 'Go to the client page' : 'Go to the dashboard'}
          onHome={() => void navigate(home)}
          onStartOver={() => void again()}
        />
      )}
    </Stack>
  );
}

function StartedModal({
  jobId,
  homeLabel,
  onHome,
  onStartOver,
}: {
  jobId: number;
  homeLabel: string;
  onHome: () => void;
  onStartOver: () => void;
}) {
  const q = useCall(
    azureCalls.jobInfo,
    { params: { id: jobId } },
    { refetchInterval: (query) => (query.state.data?.job.status === 'running' ? 2000 : false) },
  );
  const job = q.data?.job;
  return (
    <Modal opened onClose={onHome} title="The restore to Azure has started">
      <Stack>
        <Text size="sm">
          The disks are being copied into the storage account. You can follow the restore in the Azure exports
          panel.
        </Text>
        {job && (
          <Stack gap={4}>
            <Text size="sm" data-testid="azure-job-step">
              {job.status === 'running' ? (job.step ?? 'Starting') : `Restore ${job.status}`}
            </Text>
            <Progress value={job.percent} aria-label="Restore progress" />
          </Stack>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onStartOver}>
            Start over
          </Button>
          <Button onClick={onHome}>{homeLabel}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
