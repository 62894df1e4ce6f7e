import { reportCalls as c, REPORT_TIMEOUT_MS } from '@lifeboat/contract';
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { call } from '../../api/call';
import { useCall } from '../../api/useCall';
import { pollUntilSettled } from './api';

interface Props {
  reportId: number;
  startedAt: number;
  onReady(): void;
  onBack(): void;
  /** Generate the same report again (after a failure). */
  onRetry(): void;
}

/** Step 2: poll the report's status every 5 s (spec 4); FAILED shows the server's message. */
export function LoadingStep({ reportId, startedAt, onReady, onBack, onRetry }: Props) {
  const status = useCall(c.status, { params: { reportId } }, { refetchInterval: pollUntilSettled });
  const s = status.data?.status;
  const timedOut = Date.now() - startedAt > REPORT_TIMEOUT_MS;
  useEffect(() => {
    if (s === 'COMPLETED') onReady();
  }, [s, onReady]);
  useEffect(() => {
    // spec 4: polling gives up after 30 minutes and cancels the loading.
    if (timedOut && s !== 'FAILED') void call(c.cancel, { params: { reportId } });
  }, [timedOut, s, reportId]);
  const cancel = async () => {
    await call(c.cancel, { params: { reportId } }).catch(() => undefined);
    onBack();
  };
  if (s === 'FAILED' || timedOut || status.isError)
    return (
      <Stack maw={560}>
        <Alert color="red" title="The report cannot be loaded">
          {status.data?.message ?? (timedOut ? 'The report took too long to generate.' : 'Please try again.')}
        </Alert>
        <Group>
          <Button onClick={onRetry}>Try again</Button>
          <Button variant="default" onClick={onBack}>
            Back
          </Button>
        </Group>
      </Stack>
    );
  return (
    <Stack maw={560} aria-busy="true">
      <Group>
        <Loader size="sm" />
        <Text>
          Generating the report{status.data?.progress ? ` (${status.data.progress}%)` : ''}: this takes a few
          seconds.
        </Text>
      </Group>
      <Group>
        <Button variant="default" onClick={cancel}>
          Cancel
        </Button>
      </Group>
    </Stack>
  );
}
