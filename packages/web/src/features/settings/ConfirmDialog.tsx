import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';

interface Props {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  /** Runs the change; a refusal shows its message in the dialog. */
  onConfirm: () => Promise<void>;
  onClose: () => void;
}

/** The question before a destructive change of the settings pages (a site, a schedule). */
export function ConfirmDialog({ opened, title, message, confirmLabel, onConfirm, onClose }: Props) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      onClose();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Stack gap="md">
        <Text size="sm">{message}</Text>
        {error && (
          <Alert color="red" title="Nothing was changed">
            {error}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button color="red" loading={busy} onClick={() => void confirm()}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
