import { failoverCalls } from '@lifeboat/contract';
import { Alert, Button, List, Skeleton, Stack, Text } from '@mantine/core';
import { useCall } from '../../../../api/useCall';
import { StepFooter } from '../StepFooter';
import type { StepProps } from '../types';

/**
 * startRunbookWarning: runbook/actions/check before the start (spec: recovery-flow 7 'Runbooks',
 * 8). Warnings are read and accepted; errors keep the runbook from starting.
 */
export function StartRunbookWarningStep({ state, dispatch }: StepProps) {
  const clientId = state.data.client?.id ?? 0;
  const runbook = state.data.fo.runbook;
  const q = useCall(
    failoverCalls.checkRunbook,
    { json: { client_id: clientId, runbook_id: runbook?.id ?? 0, vo_type: 'cloud' } },
    { enabled: runbook !== null, staleTime: 0 },
  );
  const errors = q.data?.errors ?? [];
  const warnings = q.data?.warnings ?? [];
  return (
    <Stack gap="md">
      <Text size="sm">
        Checking <b>{runbook?.name}</b> before its {state.data.fo.isTest ? 'test' : 'production'} office
        starts.
      </Text>
      {q.isPending && <Skeleton h={80} aria-label="Checking the runbook" />}
      {q.error && (
        <Alert color="red" title="The runbook could not be checked">
          {q.error.message}
        </Alert>
      )}
      {errors.length > 0 && (
        <Alert color="red" title="The runbook cannot start" data-testid="runbook-errors">
          <List size="sm">
            {errors.map((e) => (
              <List.Item key={e}>{e}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      {warnings.length > 0 && (
        <Alert color="yellow" title="Before you start" data-testid="runbook-warnings">
          <List size="sm">
            {warnings.map((w) => (
              <List.Item key={w}>{w}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      {q.data && errors.length === 0 && warnings.length === 0 && (
        <Alert color="green" title="Ready">
          Every system of the runbook has a restore point to start from.
        </Alert>
      )}
      <StepFooter state={state} dispatch={dispatch}>
        {q.error && (
          <Button variant="light" onClick={() => void q.refetch()}>
            Try again
          </Button>
        )}
        <Button disabled={!q.data || errors.length > 0} onClick={() => dispatch({ type: 'foCheckOk' })}>
          {warnings.length > 0 ? 'Continue anyway' : 'Continue'}
        </Button>
      </StepFooter>
    </Stack>
  );
}
