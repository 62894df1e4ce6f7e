import { Alert, Skeleton, Stack, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../settings/ConfirmDialog';
import { azureKeys, fetchResellerAzureEnabled, saveResellerAzureEnabled } from './api';

// The provider's staff switch Azure direct restore for a reseller and its clients (issue 14.6;
// decisions 'Azure direct restore (issue 14)'). Only the staff see this tab; the server refuses
// anyone else. Turning it off hides the wizard and the Azure export panels from the reseller's
// users, so it is asked first; turning it on is not. The server audits both.

export function AzureRestoreTab({ resellerId }: { resellerId: number }) {
  const qc = useQueryClient();
  const setting = useQuery({
    queryKey: azureKeys.resellerEnabled(resellerId),
    queryFn: () => fetchResellerAzureEnabled(resellerId),
  });
  const [confirmOff, setConfirmOff] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (setting.isPending) return <Skeleton h={80} />;
  if (setting.isError)
    return (
      <Alert color="red" title="The Azure setting could not be loaded">
        {setting.error.message}
      </Alert>
    );
  const save = async (enabled: boolean) => {
    const answer = await saveResellerAzureEnabled(resellerId, enabled);
    qc.setQueryData(azureKeys.resellerEnabled(resellerId), answer);
    notifications.show({
      color: 'green',
      title: enabled ? 'Azure direct restore turned on' : 'Azure direct restore turned off',
      message: enabled
        ? 'This reseller and its clients can now restore to Azure.'
        : 'This reseller and its clients can no longer restore to Azure.',
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
        checked={setting.data.enabled}
        disabled={busy}
        onChange={(e) => (e.currentTarget.checked ? void turnOn() : setConfirmOff(true))}
        label="Azure direct restore"
        description="This reseller and its clients may restore a cloud restore point into a storage account of their own Azure tenant, and see the Azure export panels."
      />
      <Text size="xs" c="dimmed">
        Only the provider's staff change this setting. Every change is recorded in the audit log.
      </Text>
      <ConfirmDialog
        opened={confirmOff}
        title="Turn Azure direct restore off?"
        message="This reseller's users and its clients' users will no longer see the Azure wizard or the Azure export panels. Restores already running carry on."
        confirmLabel="Turn it off"
        onConfirm={() => save(false)}
        onClose={() => setConfirmOff(false)}
      />
    </Stack>
  );
}
