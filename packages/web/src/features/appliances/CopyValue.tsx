import { Group, Text } from '@mantine/core';
import { CopyAction } from '../../components/CopyAction';

/** A value a person types elsewhere (a serial), with a copy button. */
export function CopyValue({ value, label }: { value: string; label: string }) {
  return (
    <Group gap={4} wrap="nowrap">
      <Text size="sm" ff="monospace">
        {value}
      </Text>
      <CopyAction value={value} what={`the ${label}`} look="icon" />
    </Group>
  );
}
