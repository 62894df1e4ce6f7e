import { type CloudShare, recoveryCalls as c } from '@lifeboat/contract';
import { Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { SUMMARY_META } from '../../../api/queryClient';
import { invalidateCalls, useCall } from '../../../api/useCall';
import { lazyDialog } from '../../../components/lazyDialog';
import { suppressCloudShare } from '../api';
import { CloudShareRow } from './CloudShareRow';
import { PanelFrame } from './PanelFrame';
import { useNow } from './useNow';

// The dialogs load when first opened (issue 18 point 19).
const CloudLinkModal = lazyDialog(
  () => import('./CloudLinkModal').then((m) => m.CloudLinkModal),
  () => true,
);
const SuppressCloudShareModal = lazyDialog(
  () => import('./SuppressCloudShareModal').then((m) => m.SuppressCloudShareModal),
  (p) => p.opened,
);

type Dialog = { kind: 'edit' | 'suppress'; share: CloudShare } | null;

const FEED = { meta: SUMMARY_META, refetchInterval: 60_000 };
const SHARES = [c.resellerCloudShares, c.clientCloudShares];

/** The cloud share panel: restored-file links with an expiry countdown (spec: recovery-flow 2, 4). */
export function CloudSharePanel({ scope, id }: { scope: 'reseller' | 'client'; id: number }) {
  const qc = useQueryClient();
  // The reseller's links or one client's: the one that applies is asked.
  const reseller = useCall(
    c.resellerCloudShares,
    { params: { resellerId: id } },
    { ...FEED, enabled: scope === 'reseller' },
  );
  const client = useCall(
    c.clientCloudShares,
    { params: { clientId: id } },
    { ...FEED, enabled: scope === 'client' },
  );
  const q = scope === 'reseller' ? reseller : client;
  // The server's clock at the moment its answer arrived.
  const now = useNow(q.data?.now, q.dataUpdatedAt);
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  // Hiding asks first and confirms with a toast (issue 18.15).
  const suppress = useMutation({
    mutationFn: (s: CloudShare) => suppressCloudShare(s.id),
    onSuccess: (a) => {
      notifications.show({ color: 'teal', title: a.dialogTitle, message: a.dialogMsg });
      void invalidateCalls(qc, SHARES);
      close();
    },
  });
  const rows = q.data?.cloud_shares ?? [];
  return (
    <PanelFrame
      title="Cloud shares"
      loading={q.isPending}
      error={q.error}
      empty={rows.length === 0}
      emptyText="No restored files are waiting to be downloaded."
    >
      <Stack gap="md">
        {rows.map((s) => (
          <CloudShareRow
            key={s.id}
            share={s}
            now={now}
            showClient={scope === 'reseller'}
            onEdit={() => setDialog({ kind: 'edit', share: s })}
            onSuppress={() => {
              suppress.reset();
              setDialog({ kind: 'suppress', share: s });
            }}
          />
        ))}
      </Stack>
      {dialog?.kind === 'edit' && (
        <CloudLinkModal
          share={dialog.share}
          onClose={close}
          onChanged={() => void invalidateCalls(qc, ['recovery', 'virtualization'])}
        />
      )}
      <SuppressCloudShareModal
        opened={dialog?.kind === 'suppress'}
        name={dialog?.share.name}
        pending={suppress.isPending}
        error={suppress.error}
        onClose={close}
        onConfirm={() => dialog && suppress.mutate(dialog.share)}
      />
    </PanelFrame>
  );
}
