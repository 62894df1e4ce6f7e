import { Alert, Button, Group } from '@mantine/core';
import { IconAlert } from '../../components/icons';

/** The error header of an edit dialog (spec: 8 'an error header and field messages are shown'). */
export function FormErrorAlert({ title, message }: { title: string; message: string | null }) {
  if (!message) return null;
  return (
    <Alert color="red" icon={<IconAlert size={18} />} title={title}>
      {message}
    </Alert>
  );
}

/** Cancel and save; the save button is enabled again once the server has answered. */
export function DialogButtons({
  onCancel,
  saving,
  label,
  disabled = false,
}: {
  onCancel: () => void;
  saving: boolean;
  label: string;
  disabled?: boolean;
}) {
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onCancel} disabled={saving}>
        Cancel
      </Button>
      <Button type="submit" loading={saving} disabled={disabled}>
        {label}
      </Button>
    </Group>
  );
}
