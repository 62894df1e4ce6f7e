import { Alert, Button, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { startRunbook } from '../../failover-api';
import { pointTimeText } from '../../format';
import { StepFooter } from '../StepFooter';
import type { StepProps } from '../types';
import { useReportApprovalWait } from './FailoverProgress';
import { FollowingOffice } from './FollowingOffice';
import { useFollowOffice } from './useFollowOffice';

/**
 * createRunbookFailover: runbook/actions/start (with the auto-stop of a test), then
 * runbook_failover_status until vo_created or vo_error (spec: recovery-flow 4, 7). Start errors
 * are listed on createFailoverFailed (8); production first waits for approval (issue 16.4).
 */
export function CreateRunbookFailoverStep(props: StepProps) {
  const { state, dispatch } = props;
  const fo = state.data.fo;
  const clientId = state.data.client?.id ?? 0;
  const [started, setStarted] = useState<{ id: number; approvalUntil: number | null } | null>(null);
  const follow = useFollowOffice(started ? { kind: 'runbook', id: started.id } : null, props);
  const start = useMutation({
    mutationFn: () =>
      startRunbook({
        clientId,
        runbookId: fo.runbook?.id ?? 0,
        password: fo.password,
        isTest: fo.isTest,
        autoStopMinutes: fo.autoStopMinutes,
      }),
    onSuccess: (a) => {
      if (a.is_error) dispatch({ type: 'foFailed', errors: a.errors });
      else setStarted({ id: a.runbook_id, approvalUntil: a.approval_expires_at });
    },
  });

  const approvalUntil =
    started && (follow.outcome === 'approval' || follow.outcome === null) ? started.approvalUntil : null;
  useReportApprovalWait(approvalUntil !== null, dispatch);

  if (started)
    return (
      <FollowingOffice
        approvalUntil={started.approvalUntil}
        follow={follow}
        error={follow.error ? follow.error.message : null}
        close={props.close}
      />
    );

  return (
    <Stack gap="md">
      <Text size="sm">
        Start the {fo.isTest ? 'test' : 'production'} office of runbook <b>{fo.runbook?.name}</b>
        {fo.isTest && fo.autoStopMinutes > 0
          ? `; it stops by itself at ${pointTimeText(Date.now() + fo.autoStopMinutes * 60_000)}`
          : ''}
        .
      </Text>
      {start.error && (
        <Alert color="red" title="The runbook could not start">
          {start.error.message}
        </Alert>
      )}
      <StepFooter state={state} dispatch={dispatch}>
        <Button onClick={() => start.mutate()} loading={start.isPending}>
          {fo.isTest ? 'Start the test office' : 'Start the production office'}
        </Button>
      </StepFooter>
    </Stack>
  );
}
