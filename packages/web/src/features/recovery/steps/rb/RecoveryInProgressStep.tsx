import { FTPS_STATUS_POLL_MS, ftpsCalls } from '@lifeboat/contract';
import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useCall } from '../../../../api/useCall';
import type { StepProps } from '../types';
import { useStartExport } from './useStartExport';

// spec: recovery-flow 8, 'FTPS export: a recovery-point-in-use message and a recover error
// message'. The recover error carries the fabric's sentence when there is one (appliance offline,
// failure midway); a network error while following the export is a recover error too (4).
const TEXT = {
  rpInUse: 'The restore point is in use by another recovery. Finish or end that recovery, then try again.',
  error: 'The export could not be completed.',
  network: 'The console could not be reached to follow the export. Check your connection and try again.',
} as const;

/** recoveryInProgress: get_status every 5 s; COMPLETED -> exportComplete; errors with Retry (spec: recovery-flow 4). */
export function RecoveryInProgressStep(props: StepProps) {
  const { state, dispatch, close } = props;
  const { exportUuid, failure } = state.data.rb;
  const q = useCall(
    ftpsCalls.status,
    { params: { uuid: exportUuid ?? '' } },
    {
      enabled: exportUuid !== null && failure === null,
      refetchInterval: (query) => (query.state.data?.status === 'RUNNING' ? FTPS_STATUS_POLL_MS : false),
      retry: false,
    },
  );
  useEffect(() => {
    if (q.data && q.data.status !== 'RUNNING') dispatch({ type: 'rbStatus', status: q.data });
  }, [q.data, dispatch]);
  useEffect(() => {
    if (q.error) dispatch({ type: 'rbNetworkError', message: q.error.message });
  }, [q.error, dispatch]);
  const restart = useStartExport(props);
  // After a network error the export may still be running: follow it again rather than start a
  // second one; after an ERROR, start again.
  const retry = () => {
    if (failure?.kind === 'network' && exportUuid !== null) {
      dispatch({ type: 'rbFollowAgain' });
      void q.refetch();
    } else restart.mutate();
  };
  if (failure)
    return (
      <Stack gap="md">
        <Alert
          color="red"
          title={failure.kind === 'rpInUse' ? 'The restore point is in use' : 'The export failed'}
          role="alert"
          data-testid="rb-failure"
        >
          {failure.kind === 'error' ? failure.message || TEXT.error : TEXT[failure.kind]}
        </Alert>
        {restart.error && (
          <Alert color="red" data-testid="rb-retry-error">
            {restart.error.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Close
          </Button>
          <Button loading={restart.isPending} onClick={retry}>
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
