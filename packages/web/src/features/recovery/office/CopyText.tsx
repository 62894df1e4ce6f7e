import { Code, Group } from '@mantine/core';
import { CopyAction } from '../../../components/CopyAction';

/** A value a technician types elsewhere (an address), with a copy button. */
export function CopyText({ label, value }: { label: string; value: string }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Code>{value}</Code>
      <CopyAction value={value} what={`the ${label}`} />
    </Group>
  );
}
