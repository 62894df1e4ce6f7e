import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { IconAlert } from './icons';

interface Props {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  /** The refusal's heading (default "Nothing was changed"). */
  errorTitle?: string;
  /** Runs the change; a refusal shows its message in the dialog, which stays open. */
  onConfirm: () => Promise<void>;
  onClose: () => void;
}

/**
 * The question before a destructive change (delete, reset, turn off): Cancel, or the red action
 * with a spinner while it runs; a refusal is shown in the dialog rather than lost.
 */
export function ConfirmDialog({
  opened,
  title,
  message,
  confirmLabel,
  errorTitle,
  onConfirm,
  onClose,
}: Props) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setError(null);
    onClose();
  };
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      close();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={opened} onClose={close} title={title} centered>
      <Stack gap="md">
        <Text size="sm">{message}</Text>
        {error && (
          <Alert color="red" icon={<IconAlert size={18} />} title={errorTitle ?? 'Nothing was changed'}>
            {error}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={busy}>
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
