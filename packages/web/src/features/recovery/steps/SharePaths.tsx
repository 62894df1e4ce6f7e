import { Code, Group, Paper, Stack, Text } from '@mantine/core';
import { CopyAction } from '../../../components/CopyAction';

function PathRow({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap">
        <Code style={{ flex: 1, overflowWrap: 'anywhere' }}>{value}</Code>
        <CopyAction value={value} what={`the ${label.toLowerCase()}`} />
      </Group>
    </Stack>
  );
}

/** The share path and the Mac share path, each with a copy button. */
export function SharePaths({ sharePath, macSharePath }: { sharePath: string; macSharePath: string }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          The restore point is open as a network share on the appliance’s network.
        </Text>
        <PathRow label="Share path" value={sharePath} />
        <PathRow label="Mac share path" value={macSharePath} />
      </Stack>
    </Paper>
  );
}
