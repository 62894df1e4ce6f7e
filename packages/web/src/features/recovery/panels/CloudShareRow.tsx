import type { CloudShare } from '@lifeboat/contract';
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { formatDateTime } from '../../../format/dateTime';
import { countdownText, PENDING_UNMOUNT, sizeText } from '../format';

const baseName = (path: string) => path.split('/').pop() || path;

/** What a link holds in words: "report.pdf, notes.txt and 3 more · 2 files, 1 folder". */
export function cloudShareContents(s: CloudShare): string {
  const names = s.paths.map(baseName);
  const total = s.files_count + s.folders_count;
  const more = total > names.length ? ` and ${total - names.length} more` : '';
  const counts = [
    s.files_count ? `${s.files_count} file${s.files_count === 1 ? '' : 's'}` : '',
    s.folders_count ? `${s.folders_count} folder${s.folders_count === 1 ? '' : 's'}` : '',
  ]
    .filter(Boolean)
    .join(', ');
  return `${names.join(', ')}${more}${counts ? ` · ${counts}` : ''}`;
}

/**
 * One cloud share: the system, what it holds, its size, who made it and when, and the countdown
 * (issue 18.15: two shares are never alike; spec: recovery-flow 4 'Cloud share expiry').
 */
export function CloudShareRow({
  share: s,
  now,
  showClient,
  onEdit,
  onSuppress,
}: {
  share: CloudShare;
  now: number;
  showClient: boolean;
  onEdit: () => void;
  onSuppress: () => void;
}) {
  const label = countdownText(s.expire_time - now);
  const ended = label === PENDING_UNMOUNT;
  const size = `${s.size_at_least ? 'at least ' : ''}${sizeText(s.size)}`;
  return (
    <Group justify="space-between" wrap="wrap" gap="xs" data-testid="cloud-share">
      <Stack gap={0} style={{ minWidth: 0, flex: '1 1 220px' }}>
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {s.name}
        </Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {s.device_name}
          {showClient ? ` · ${s.client_name}` : ''}
        </Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }} title={s.paths.join('\n')}>
          {cloudShareContents(s)} · {size}
        </Text>
        <Text size="xs" c="dimmed">
          Made {formatDateTime(s.created)}
          {s.created_by ? ` by ${s.created_by}` : ''} · {ended ? 'pending unmount' : `expires in ${label}`}
        </Text>
      </Stack>
      <Group gap="sm">
        <Anchor component="button" size="sm" onClick={onEdit}>
          Edit or expire
        </Anchor>
        {!ended && (
          <Anchor component="button" size="sm" c="dimmed" onClick={onSuppress}>
            Hide
          </Anchor>
        )}
      </Group>
    </Group>
  );
}
