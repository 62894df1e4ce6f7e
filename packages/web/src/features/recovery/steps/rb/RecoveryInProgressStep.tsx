import { FTPS_STATUS_POLL_MS } from '@lifeboat/contract';
import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { fetchFtpsStatus, ftpsKeys } from '../../ftps-api';
import type { StepProps } from '../types';
import { useStartExport } from './useStartExport';

const TEXT = {
  rpInUse: 'The restore point is in use by another recovery. Finish or end that recovery, then try again.',
  error: 'The export could not be completed.',
  network: 'The console could not be reached to follow the export. Check your connection and try again.',
} as const;

/** recoveryInProgress: get_status every 5 s; COMPLETED -> exportComplete; errors with Retry (spec: recovery-flow 4). */
export function RecoveryInProgressStep(props: StepProps) {
  const { state, dispatch, close } = props;
  const { exportUuid, failure } = state.data.rb;
  const q = useQuery({
    queryKey: ftpsKeys.status(exportUuid ?? ''),
    queryFn: () => fetchFtpsStatus(exportUuid ?? ''),
    enabled: exportUuid !== null && failure === null,
    refetchInterval: (query) => (query.state.data?.status === 'RUNNING' ? FTPS_STATUS_POLL_MS : false),
    retry: false,
  });
  useEffect(() => {
    if (q.data && q.data.status !== 'RUNNING') dispatch({ type: 'rbStatus', status: q.data });
  }, [q.data, dispatch]);
  useEffect(() => {
    if (q.error) dispatch({ type: 'rbNetworkError', message: q.error.message });
  }, [q.error, dispatch]);
  const retry = useStartExport(props);
  if (failure)
    return (
      <Stack gap="md">
        <Alert
          color="red"
          title={failure.kind === 'rpInUse' ? 'The restore point is in use' : 'The export failed'}
          role="alert"
        >
          {failure.kind === 'error' ? failure.message || TEXT.error : TEXT[failure.kind]}
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Close
          </Button>
          <Button loading={retry.isPending} onClick={() => retry.mutate()}>
            Retry
          </Button>
        </Group>
      </Stack>
    );
  const pct = q.data?.percent ?? 0;
  return (
    <Stack gap="sm">
      <Progress value={pct} animated size="lg" aria-label="Export progress" />
      <Text size="sm" data-testid="rb-progress">
        {Math.round(pct)}% · {q.data?.step ?? 'Starting the export'}
      </Text>
      <Text size="xs" c="dimmed">
        You can close this window: the export continues and appears in the FTPS export activity.
      </Text>
    </Stack>
  );
}
