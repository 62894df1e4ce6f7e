import { ActionIcon, CopyButton, Group, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '../devices/deviceIcons';

/** A value a person types elsewhere (a serial), with a copy button. */
export function CopyValue({ value, label }: { value: string; label: string }) {
  return (
    <Group gap={4} wrap="nowrap">
      <Text size="sm" ff="monospace">
        {value}
      </Text>
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? 'Copied' : `Copy the ${label}`} withArrow>
            <ActionIcon
              variant="subtle"
              size="sm"
              color={copied ? 'green' : 'gray'}
              onClick={copy}
              aria-label={`Copy the ${label}`}
            >
              {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}
