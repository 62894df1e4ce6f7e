import { type LocalShare, recoveryCalls } from '@lifeboat/contract';
import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { SUMMARY_META } from '../../../api/queryClient';
import { useCall } from '../../../api/useCall';
import { lazyDialog } from '../../../components/lazyDialog';
import { formatDateTime } from '../../../format/dateTime';
import { countdownText } from '../format';
import { PanelFrame } from './PanelFrame';
import { useNow } from './useNow';

// The dialogs load when first opened (issue 18 point 19); each is mounted only while open.
const SharePathModal = lazyDialog(
  () => import('./SharePathModal').then((m) => m.SharePathModal),
  () => true,
);
const EditExpiryModal = lazyDialog(
  () => import('./EditExpiryModal').then((m) => m.EditExpiryModal),
  () => true,
);
const SuppressShareModal = lazyDialog(
  () => import('./SuppressShareModal').then((m) => m.SuppressShareModal),
  () => true,
);

type Dialog = { kind: 'path' | 'expiry' | 'suppress'; share: LocalShare } | null;

/** The reseller's local shares feed (spec: inventory-reports-exports-security 'Local shares feed'). */
export function LocalSharesPanel({ resellerId }: { resellerId: number }) {
  const q = useCall(
    recoveryCalls.resellerLocalShares,
    { params: { resellerId } },
    { meta: SUMMARY_META, refetchInterval: 30_000 },
  );
  const now = useNow(undefined, 0);
  const [dialog, setDialog] = useState<Dialog>(null);
  const rows = q.data?.local_shares ?? [];
  return (
    <PanelFrame
      title="Local shares"
      loading={q.isPending}
      error={q.error}
      empty={rows.length === 0}
      emptyText="No restore point is exposed as a network share."
    >
      <Stack gap="sm">
        {rows.map((s) => (
          <Group key={s.id} justify="space-between" wrap="wrap" gap="xs" data-testid="local-share">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Group gap={6}>
                <Text size="sm" fw={600}>
                  {s.device_name}
                </Text>
                {s.status === 'exposing' && (
                  <Badge size="xs" variant="light">
                    Mounting
                  </Badge>
                )}
              </Group>
              <Text size="xs" c="dimmed">
                {s.client_name} · {s.appliance_name} ·{' '}
                <span data-testid="share-expiry">
                  {s.expire_time
                    ? `unmounts ${formatDateTime(s.expire_time)} (in ${countdownText(s.expire_time - now)})`
                    : 'starting'}
                </span>
              </Text>
            </Stack>
            <Group gap="sm">
              <Anchor component="button" size="sm" onClick={() => setDialog({ kind: 'path', share: s })}>
                Show path
              </Anchor>
              <Anchor component="button" size="sm" onClick={() => setDialog({ kind: 'expiry', share: s })}>
                Edit expiry
              </Anchor>
              <Anchor
                component="button"
                size="sm"
                c="red"
                onClick={() => setDialog({ kind: 'suppress', share: s })}
              >
                Unmount
              </Anchor>
            </Group>
          </Group>
        ))}
      </Stack>
      {dialog?.kind === 'path' && (
        <SharePathModal shareId={dialog.share.id} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'expiry' && <EditExpiryModal share={dialog.share} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'suppress' && (
        <SuppressShareModal share={dialog.share} onClose={() => setDialog(null)} />
      )}
    </PanelFrame>
  );
}
