import type { RecoveryFileEntry } from '@lifeboat/contract';
import { Group, Stack, Text } from '@mantine/core';
import { formatDateTime } from '../../../format/dateTime';
import { sizeText } from '../format';
import { EntryIcon } from './EntryIcon';

/** An entry's icon and name, and under it its size (files) and last change, on both tools. */
export function EntryLine({ entry: e, detail }: { entry: RecoveryFileEntry; detail?: string }) {
  return (
    <Group gap={6} wrap="nowrap" style={{ flex: 1, minWidth: 0 }} data-testid="browser-entry">
      <EntryIcon folder={e.type === 'folder'} />
      <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
        <Text size="sm" truncate title={e.name}>
          {e.name}
        </Text>
        <Text size="xs" c="dimmed" truncate>
          {detail && `${detail} · `}
          {e.type === 'file' && (
            <>
              <span data-testid="entry-size">{sizeText(e.size)}</span>
              {' · '}
            </>
          )}
          <span data-testid="entry-modified">{formatDateTime(e.modifiedAt)}</span>
        </Text>
      </Stack>
      {e.type === 'folder' && (
        <Text size="xs" c="dimmed" style={{ flexShrink: 0 }} aria-hidden>
          ›
        </Text>
      )}
    </Group>
  );
}
