import { type FtpsExportRecord, ftpsCalls, ftpsRecordView } from '@lifeboat/contract';
import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { SUMMARY_META } from '../../../api/queryClient';
import { useCall } from '../../../api/useCall';
import { lazyDialog } from '../../../components/lazyDialog';
import { formatDateTime } from '../../../format/dateTime';
import { sizeText } from '../format';
import { PanelFrame } from './PanelFrame';
import { useNow } from './useNow';

// The dialogs load when first opened (issue 18 point 19); each is mounted only while open.
const FtpsCredentialsModal = lazyDialog(
  () => import('./FtpsCredentialsModal').then((m) => m.FtpsCredentialsModal),
  () => true,
);
const FtpsDiscardModal = lazyDialog(
  () => import('./FtpsDiscardModal').then((m) => m.FtpsDiscardModal),
  () => true,
);

// The FTPS export activity feed (spec: inventory-reports-exports-security 'FTPS export activity
// feed', 4, 6): files-and-folders and virtual-disk exports of a reseller or of one client, with
// their credentials and a discard action.

type Dialog = { kind: 'credentials' | 'discard'; record: FtpsExportRecord } | null;

const LABEL_COLOR = {
  ready: 'teal',
  running: 'blue',
  failed: 'red',
  discarding: 'gray',
  discarded: 'gray',
} as const;

const FEED = {
  meta: SUMMARY_META,
  // Faster while something changes state (an export running, a discard under way).
  refetchInterval: (q: { state: { data?: { records: FtpsExportRecord[] } } }) =>
    q.state.data?.records.some((r) => r.status === 'running' || r.status === 'discarding') ? 3000 : 30_000,
};

/** clientId 0: every client of the reseller. */
export function FtpsExportsPanel({ resellerId, clientId }: { resellerId: number; clientId: number }) {
  const now = useNow(undefined, 0);
  const input = { params: { resellerId, clientId } };
  const queries = [useCall(ftpsCalls.ffrRecords, input, FEED), useCall(ftpsCalls.diskRecords, input, FEED)];
  const [dialog, setDialog] = useState<Dialog>(null);
  const rows = queries
    .flatMap((q) => q.data?.records ?? [])
    .sort((a, b) => b.created_at - a.created_at || b.id - a.id);
  return (
    <PanelFrame
      title="FTPS exports"
      loading={queries.some((q) => q.isPending)}
      error={queries.find((q) => q.error)?.error ?? null}
      empty={rows.length === 0}
      emptyText="No restore point is exported by FTPS."
    >
      <Stack gap="sm">
        {rows.map((r) => {
          const view = ftpsRecordView(r, now);
          return (
            <Group
              key={`${r.type}-${r.id}`}
              justify="space-between"
              wrap="wrap"
              gap="xs"
              data-testid="ftps-export"
            >
              <Stack gap={0} style={{ minWidth: 0, flex: '1 1 14rem' }}>
                <Group gap={6} wrap="wrap">
                  <Text size="sm" fw={600} style={{ wordBreak: 'break-word' }}>
                    {r.name}
                  </Text>
                  <Badge size="xs" variant="light" color="gray">
                    {r.type === 'ffr' ? 'Files' : `Disk ${r.format ?? ''}`.trim()}
                  </Badge>
                  {r.password_protected && (
                    <Badge size="xs" variant="light" color="yellow">
                      Password
                    </Badge>
                  )}
                  <Badge
                    size="xs"
                    variant="light"
                    color={LABEL_COLOR[view.label]}
                    data-testid="ftps-export-status"
                  >
                    {view.label}
                  </Badge>
                </Group>
                <Text size="xs" c="dimmed">
                  {r.system_name} · {r.client_name} · {sizeText(r.size_bytes)}
                  {r.expire !== null && view.label === 'ready'
                    ? ` · expires ${formatDateTime(r.expire * 1000)}`
                    : ''}
                </Text>
              </Stack>
              <Group gap="sm">
                {view.canReveal && (
                  <Anchor
                    component="button"
                    size="sm"
                    onClick={() => setDialog({ kind: 'credentials', record: r })}
                  >
                    Credentials
                  </Anchor>
                )}
                {view.canDiscard && (
                  <Anchor
                    component="button"
                    size="sm"
                    c="red"
                    onClick={() => setDialog({ kind: 'discard', record: r })}
                  >
                    Discard
                  </Anchor>
                )}
              </Group>
            </Group>
          );
        })}
      </Stack>
      {dialog?.kind === 'credentials' && (
        <FtpsCredentialsModal record={dialog.record} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'discard' && (
        <FtpsDiscardModal record={dialog.record} onClose={() => setDialog(null)} />
      )}
    </PanelFrame>
  );
}
