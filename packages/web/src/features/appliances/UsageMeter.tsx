import { Group, Progress, Stack, Text } from '@mantine/core';

interface UsageMeterProps {
  label: string;
  /** "1.2 TB of 4 TB", "12 of 20 systems". */
  text: string;
  percent: number;
  /** Nothing licensed or no capacity known: the text alone, no bar. */
  na?: boolean;
}

/** One labelled use figure with its bar: licence seats, licence storage, a storage pool, a vault. */
export function UsageMeter({ label, text, percent, na }: UsageMeterProps) {
  const colour = percent >= 90 ? 'red.8' : percent >= 70 ? 'yellow.6' : 'blue.8';
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" fw={600}>
          {label}
        </Text>
        <Text size="sm" c="dimmed" ta="right">
          {na ? text : `${text} · ${percent}%`}
        </Text>
      </Group>
      {!na && (
        <Progress value={Math.min(100, percent)} color={colour} aria-label={`${label}: ${percent}% used`} />
      )}
    </Stack>
  );
}
