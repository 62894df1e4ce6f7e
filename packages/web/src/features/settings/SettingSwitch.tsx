import { Alert, Stack, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ReactNode, useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';

// One on/off setting whose 'off' weakens something (failover approval, issue 16.4; Azure direct
// restore, issue 14.6): turning it on saves at once, turning it off is asked first. A refused
// save says nothing was changed; a saved one is confirmed by a toast. The server audits both.

export interface SettingSwitchProps {
  checked: boolean;
  label: string;
  description: string;
  footnote: ReactNode;
  /** Saves the new value (and puts the answer in the query cache); throws when refused. */
  save: (value: boolean) => Promise<void>;
  toast: (value: boolean) => { title: string; message: string };
  confirmOff: { title: string; message: string; confirmLabel: string };
}

export function SettingSwitch(p: SettingSwitchProps) {
  const [confirmOff, setConfirmOff] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = async (value: boolean) => {
    await p.save(value);
    notifications.show({ color: 'green', ...p.toast(value), autoClose: 5000 });
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
        checked={p.checked}
        disabled={busy}
        onChange={(e) => (e.currentTarget.checked ? void turnOn() : setConfirmOff(true))}
        label={p.label}
        description={p.description}
      />
      <Text size="xs" c="dimmed">
        {p.footnote}
      </Text>
      <ConfirmDialog
        opened={confirmOff}
        {...p.confirmOff}
        onConfirm={() => save(false)}
        onClose={() => setConfirmOff(false)}
      />
    </Stack>
  );
}
