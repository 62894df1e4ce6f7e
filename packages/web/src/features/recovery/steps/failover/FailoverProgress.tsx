import { Alert, Progress, Stack, Text } from '@mantine/core';
import { type Dispatch, useEffect } from 'react';
import type { WizardEvent } from '../../engine/transitions';
import { pointTimeText } from '../../format';

/**
 * The start steps tell the wizard whether their office waits for approval, so the header reads
 * 'Waiting for approval' meanwhile (issue 16.4); false again when the step leaves.
 */
export function useReportApprovalWait(waiting: boolean, dispatch: Dispatch<WizardEvent>) {
  useEffect(() => {
    dispatch({ type: 'foAwaitingApproval', waiting });
    return () => dispatch({ type: 'foAwaitingApproval', waiting: false });
  }, [waiting, dispatch]);
}

/**
 * What a starting office shows while failover_status or runbook_failover_status is polled:
 * the wait for a second person's approval (issue 16.4), then the phase's progress.
 */
export function FailoverProgress({
  approvalUntil,
  percent,
  step,
}: {
  /** When the approval request expires (ms), or null when the office is not waiting for one. */
  approvalUntil: number | null;
  percent: number;
  step: string | null;
}) {
  if (approvalUntil !== null)
    return (
      <Alert color="blue" title="Waiting for approval" data-testid="failover-approval-wait">
        <Text size="sm">
          A production office starts once another user of your organisation, your distributor or your
          provider's staff approves it. They see the request on the client's page and on their home page; you
          can withdraw it there.
        </Text>
        <Text size="sm" mt={4}>
          The request expires at {pointTimeText(approvalUntil)}. You can close this window: the office starts
          when it is approved.
        </Text>
      </Alert>
    );
  return (
    <Stack gap={6} data-testid="failover-progress">
      <Text size="sm">{step ?? 'Preparing the virtual office…'}</Text>
      <Progress value={Math.max(3, percent)} animated aria-label="Virtual office progress" />
    </Stack>
  );
}
