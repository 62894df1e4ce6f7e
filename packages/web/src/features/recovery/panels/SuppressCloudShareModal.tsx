import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';

/** Asks before a cloud share leaves the panel (issue 18.15); the panel runs the suppression. */
export function SuppressCloudShareModal({
  opened,
  name,
  pending,
  error,
  onClose,
  onConfirm,
}: {
  opened: boolean;
  name: string | undefined;
  pending: boolean;
  error: Error | null;
  onClose: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Hide this share from the panel?">
      <Stack gap="md">
        <Text size="sm">{name} leaves this panel. Its download link keeps working until it expires.</Text>
        {error && <Alert color="red">{error.message}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={pending} onClick={onConfirm}>
            Hide share
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
