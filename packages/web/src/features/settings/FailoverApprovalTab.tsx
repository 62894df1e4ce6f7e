import { failoverCalls } from '@lifeboat/contract';
import { Alert, Skeleton, Stack, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../../api/call';
import { ConfirmDialog } from './ConfirmDialog';
import { officeKeys, useFailoverApproval } from './settingsQueries';

// The reseller's switch for the approval rule of production failover (issue 16.4; decisions
// 'Issue 16'): on, a production failover waits for a second person; off, it starts at once.
// Turning it off weakens a safeguard, so it is asked first; turning it on is not. The server
// audits both.

export function FailoverApprovalTab({ resellerId }: { resellerId: number }) {
  const qc = useQueryClient();
  const setting = useFailoverApproval(resellerId);
  const [confirmOff, setConfirmOff] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (setting.isPending) return <Skeleton h={80} />;
  if (setting.isError)
    return (
      <Alert color="red" title="The approval setting could not be loaded">
        {setting.error.message}
      </Alert>
    );
  const { approval_required: required, window_minutes: minutes } = setting.data;
  const save = async (value: boolean) => {
    const answer = await call(failoverCalls.saveApprovalSetting, {
      params: { id: resellerId },
      json: { approval_required: value },
    });
    qc.setQueryData(officeKeys.failoverApproval(resellerId), answer);
    notifications.show({
      color: 'green',
      title: value ? 'Approval turned on' : 'Approval turned off',
      message: value
        ? 'Production failovers now wait for a second person’s approval.'
        : 'Production failovers now start without approval.',
      autoClose: 5000,
    });
  };
  const turnOn = async () => {
    setBusy(true);
    setError(null);
    try {
      await save(true);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="md" maw={720}>
      {error && (
        <Alert color="red" title="Nothing was changed" withCloseButton onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      <Switch
        checked={required}
        disabled={busy}
        onChange={(e) => (e.currentTarget.checked ? void turnOn() : setConfirmOff(true))}
        label="Production failover needs approval"
        description={`A production failover of one of this reseller's clients starts only when a second person approves it within ${minutes} minutes. Test failovers never wait.`}
      />
      <Text size="xs" c="dimmed">
        Every change of this setting is recorded in the audit log.
      </Text>
      <ConfirmDialog
        opened={confirmOff}
        title="Turn approval off?"
        message="Production failovers of this reseller's clients will start as soon as they are requested, without a second person's approval."
        confirmLabel="Turn approval off"
        onConfirm={() => save(false)}
        onClose={() => setConfirmOff(false)}
      />
    </Stack>
  );
}
