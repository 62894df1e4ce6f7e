import { Alert, Button, Code, Group, Modal, Stack, Text } from '@mantine/core';
import { CopyAction } from '../../../components/CopyAction';

// The endpoint's secret, shown this once after it is made (added or replaced): the console keeps
// it sealed and never shows it again (issue 27.4).

interface Props {
  shown: { name: string; secret: string } | null;
  onClose: () => void;
}

export function WebhookSecretDialog({ shown, onClose }: Props) {
  return (
    <Modal opened={shown !== null} onClose={onClose} title="The endpoint's secret" centered size="lg">
      {shown && (
        <Stack gap="md">
          <Text size="sm">
            Copy the secret of {shown.name} into the receiving system now: it checks with it that each message
            comes from this console. It is not shown again; you can make a new one at any time.
          </Text>
          <Code block data-testid="webhook-secret" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
            {shown.secret}
          </Code>
          <CopyAction value={shown.secret} what="the secret" text="Copy secret" />
          <Alert color="yellow" variant="light">
            Anyone with the secret can sign messages as this console. Keep it where you keep passwords.
          </Alert>
          <Group justify="flex-end">
            <Button onClick={onClose}>Done</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
