import { canStartRunbook, failoverCalls, type RunbookRow } from '@lifeboat/contract';
import { Alert, Anchor, Button, PasswordInput, Radio, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useCall } from '../../../../api/useCall';
import { officeInput, verifyRunbookPassword } from '../../failover-api';
import { pointTimeText } from '../../format';
import { ChoiceTable, type Column } from '../ChoiceTable';
import { StepFooter } from '../StepFooter';
import type { StepProps } from '../types';

const COLUMNS: Column<RunbookRow>[] = [
  { key: 'name', title: 'Runbook', render: (r) => r.name },
  { key: 'systems', title: 'Systems', render: (r) => r.systems_count },
  { key: 'password', title: 'Password', render: (r) => (r.password_protected ? 'Yes' : 'No'), wide: true },
  {
    key: 'last',
    title: 'Last run',
    render: (r) => (r.last_run ? pointTimeText(r.last_run.at) : 'Never'),
    wide: true,
  },
];

/**
 * setVirtualizationRunbook: start the office from a runbook, or choose the systems by hand.
 * spec: recovery-flow 5, Start is disabled until a runbook row is chosen and 'use runbook' is on;
 * a protected runbook's password is checked by verify_runbook_password, a wrong one marks the field.
 * An office that already runs for the client leads to showVOExist.
 */
export function SetVirtualizationRunbookStep({ state, dispatch }: StepProps) {
  const clientId = state.data.client?.id ?? 0;
  const office = useCall(failoverCalls.getFailoverStatus, officeInput(clientId));
  const runbooks = useCall(failoverCalls.clientRunbooks, {
    params: { clientId, type: 'cloud', applianceId: '0' },
  });
  const [use, setUse] = useState<'runbook' | 'manual'>('manual');
  const [chosen, setChosen] = useState<RunbookRow | null>(null);
  const [password, setPassword] = useState('');
  const [wrong, setWrong] = useState<{ title: string; details: string } | null>(null);

  const exists = Boolean(office.data?.office);
  useEffect(() => {
    if (exists) dispatch({ type: 'foOfficeExists' });
  }, [exists, dispatch]);
  // A client with runbooks is offered them first.
  const count = runbooks.data?.runbooks.length ?? 0;
  useEffect(() => {
    if (count > 0) setUse('runbook');
  }, [count]);

  const verify = useMutation({
    mutationFn: (r: RunbookRow) => verifyRunbookPassword(clientId, r.id, password),
    onSuccess: (a, r) => {
      if (a.correct) dispatch({ type: 'foUseRunbook', runbook: { id: r.id, name: r.name }, password });
      else
        setWrong({
          title: a.title ?? 'Incorrect password',
          details: a.details ?? 'The password does not open this runbook.',
        });
    },
    onError: (e) => setWrong({ title: 'The password could not be checked', details: e.message }),
  });

  const needsPassword = use === 'runbook' && chosen?.password_protected === true;
  const canStart =
    canStartRunbook(chosen?.id ?? null, use === 'runbook') && (!needsPassword || password !== '');
  const start = () => {
    if (!chosen || !canStart) return;
    if (chosen.password_protected) verify.mutate(chosen);
    else dispatch({ type: 'foUseRunbook', runbook: { id: chosen.id, name: chosen.name }, password: null });
  };

  return (
    <Stack gap="md">
      {office.error && (
        <Alert color="red" title="The client's virtual office could not be checked">
          {office.error.message}
        </Alert>
      )}
      <Radio.Group
        label="How should the office start?"
        value={use}
        onChange={(v) => setUse(v === 'runbook' ? 'runbook' : 'manual')}
      >
        <Stack gap="xs" mt="xs">
          <Radio
            value="runbook"
            label="Use a runbook (its systems start in its order)"
            disabled={count === 0}
          />
          <Radio value="manual" label="Choose the systems to start myself" />
        </Stack>
      </Radio.Group>
      {use === 'runbook' && (
        <>
          <ChoiceTable
            label="runbooks"
            rows={runbooks.data?.runbooks}
            columns={[
              {
                key: 'pick',
                title: '',
                render: (r) => (
                  <Radio
                    aria-label={`Choose ${r.name}`}
                    checked={chosen?.id === r.id}
                    onChange={() => undefined}
                  />
                ),
              },
              ...COLUMNS,
            ]}
            rowKey={(r) => r.id}
            onChoose={(r) => {
              setChosen(r);
              setPassword('');
              setWrong(null);
            }}
            loading={runbooks.isPending}
            error={runbooks.error}
            onRetry={() => void runbooks.refetch()}
            empty="This client has no runbook yet."
          />
          {needsPassword && (
            <PasswordInput
              label="Runbook password"
              description="This runbook is password protected."
              value={password}
              onChange={(e) => {
                setPassword(e.currentTarget.value);
                setWrong(null);
              }}
              error={wrong ? `${wrong.title}: ${wrong.details}` : undefined}
              aria-invalid={wrong !== null}
              data-testid="runbook-password"
            />
          )}
        </>
      )}
      {count === 0 && runbooks.data && (
        <Text size="sm" c="dimmed">
          No runbook yet.{' '}
          <Anchor component={Link} to={`/client/runbooks/${clientId}`}>
            Create one on the runbooks page
          </Anchor>{' '}
          to start this client's systems in a set order.
        </Text>
      )}
      <StepFooter state={state} dispatch={dispatch}>
        {use === 'runbook' ? (
          <Button onClick={start} disabled={!canStart || exists} loading={verify.isPending}>
            Start
          </Button>
        ) : (
          <Button onClick={() => dispatch({ type: 'foNoRunbook' })} disabled={exists || office.isPending}>
            Next
          </Button>
        )}
      </StepFooter>
    </Stack>
  );
}
