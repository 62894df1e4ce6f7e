import { type SourceRow, sourceCalls } from '@lifeboat/contract';
import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { call } from '../../api/call';
import { invalidateCalls, useCall } from '../../api/useCall';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { formatDateTime } from '../../format/dateTime';
import { AddSourceDialog } from './AddSourceDialog';
import { EditSourceDialog } from './EditSourceDialog';

// A client's backup sources on its page: each with what its last sync found or what
// went wrong, Sync now, Edit (name, sync interval, repository check, pause) and Remove (confirmed); "Add source" for the reseller and the provider.

function lastSync(s: SourceRow): string {
  if (s.sync_operation_id !== null) return s.last_sync_at === null ? 'First sync running…' : 'Syncing now…';
  if (s.last_sync_at === null) return 'Not synced yet.';
  return `Last sync ${formatDateTime(s.last_sync_at)}. ${s.last_sync_sentence ?? ''}`;
}

function SourceCard({
  source,
  canManage,
  onSync,
  onEdit,
  onRemove,
}: {
  source: SourceRow;
  canManage: boolean;
  onSync: () => void;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const failed = source.last_sync_outcome === 'failed';
  return (
    <Card withBorder radius="md" padding="md" data-testid="backup-source">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={4} style={{ minWidth: 0, flex: '1 1 260px' }}>
          <Group gap="xs">
            <Text fw={600}>{source.name}</Text>
            {source.paused && (
              <Badge color="gray" variant="light">
                Paused
              </Badge>
            )}
            {failed && (
              <Badge color="red" variant="light">
                Sync failed
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
            {source.location}
          </Text>
          <Text size="sm">
            {source.systems === 1 ? '1 system' : `${source.systems} systems`} · every{' '}
            {source.sync_interval_minutes} minutes · repository check of {source.check_percent} % every{' '}
            {source.check_interval_hours} hours
          </Text>
          <Text size="sm" c={failed ? 'red' : undefined} aria-live="polite">
            {lastSync(source)}
          </Text>
          {source.last_check_at !== null && (
            <Text size="sm" c={source.last_check_outcome === 'failed' ? 'red' : undefined}>
              Repository check {formatDateTime(source.last_check_at)}: {source.last_check_sentence}
            </Text>
          )}
        </Stack>
        {canManage && (
          <Group gap="xs">
            <Button size="xs" variant="light" onClick={onSync} loading={source.sync_operation_id !== null}>
              Sync now
            </Button>
            <Button size="xs" variant="light" onClick={onEdit}>
              Edit
            </Button>
            <Button size="xs" variant="subtle" color="red" onClick={onRemove}>
              Remove
            </Button>
          </Group>
        )}
      </Group>
    </Card>
  );
}

export function SourcesPanel({ clientId }: { clientId: number }) {
  const qc = useQueryClient();
  // Polled while a sync is under way, so its sentence appears when it ends.
  const sources = useCall(
    sourceCalls.list,
    { params: { id: clientId } },
    {
      refetchInterval: (q) =>
        q.state.data?.sources.some((x) => x.sync_operation_id !== null) ? 2000 : false,
    },
  );
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<SourceRow | null>(null);
  const [editing, setEditing] = useState<SourceRow | null>(null);
  const data = sources.data;
  // A sync that just ended may have brought systems and points: the page's tables read again.
  const syncing = data?.sources.filter((s) => s.sync_operation_id !== null).length ?? 0;
  const wasSyncing = useRef(0);
  useEffect(() => {
    if (syncing < wasSyncing.current) void invalidateCalls(qc, ['dashboard']);
    wasSyncing.current = syncing;
  }, [syncing, qc]);
  // Nothing to show a person who may not add one.
  if (!data || (!data.can_manage && data.sources.length === 0)) return null;
  const refresh = () => invalidateCalls(qc, [sourceCalls.list]);
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <Stack gap={2} maw={620}>
            <Text fw={600} component="h2" size="lg">
              Backup sources
            </Text>
            <Text size="sm" c="dimmed">
              Repositories whose backups this console watches and restores for the client.
            </Text>
          </Stack>
          {data.can_manage && <Button onClick={() => setAdding(true)}>Add source</Button>}
        </Group>
        {data.sources.length === 0 ? (
          <Text size="sm" c="dimmed">
            No backup sources yet. Add the client's restic repository to see its systems here.
          </Text>
        ) : (
          data.sources.map((s) => (
            <SourceCard
              key={s.id}
              source={s}
              canManage={data.can_manage}
              onSync={async () => {
                await call(sourceCalls.sync, { params: { id: s.id } });
                await refresh();
              }}
              onEdit={() => setEditing(s)}
              onRemove={() => setRemoving(s)}
            />
          ))
        )}
      </Stack>
      <AddSourceDialog
        clientId={clientId}
        opened={adding}
        onClose={() => setAdding(false)}
        resticInstalled={data.restic_installed}
      />
      <EditSourceDialog source={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        opened={removing !== null}
        title="Remove backup source"
        message={`Remove ${removing?.name ?? 'this source'}? The console stops syncing it and forgets its password and keys. Its systems stay, with their restore points and history.`}
        confirmLabel="Remove source"
        onClose={() => setRemoving(null)}
        onConfirm={async () => {
          if (!removing) return;
          await call(sourceCalls.remove, { params: { id: removing.id } });
          await refresh();
        }}
      />
    </Card>
  );
}
