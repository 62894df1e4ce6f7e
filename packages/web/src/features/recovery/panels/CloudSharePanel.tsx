import type { CloudShare } from '@lifeboat/contract';
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { fetchCloudShares, recoveryKeys, suppressCloudShare } from '../api';
import { countdownText, PENDING_UNMOUNT } from '../format';
import { CloudLinkModal } from './CloudLinkModal';
import { PanelFrame } from './PanelFrame';
import { useNow } from './useNow';

/** The cloud share panel: restored-file links with an expiry countdown (spec: recovery-flow 2, 4). */
export function CloudSharePanel({ scope, id }: { scope: 'reseller' | 'client'; id: number }) {
  const qc = useQueryClient();
  const q = useQuery({
    queryKey: recoveryKeys.cloudShares(scope, id),
    queryFn: async () => ({ ...(await fetchCloudShares(scope, id)), fetchedAt: Date.now() }),
    refetchInterval: 60_000,
  });
  const now = useNow(q.data?.now, q.data?.fetchedAt ?? 0);
  const [editing, setEditing] = useState<CloudShare | null>(null);
  const suppress = useMutation({
    mutationFn: (s: CloudShare) => suppressCloudShare(s.id),
    onSuccess: (a) => {
      notifications.show({ title: a.dialogTitle, message: a.dialogMsg });
      void qc.invalidateQueries({ queryKey: recoveryKeys.cloudShares(scope, id) });
    },
    onError: (err) =>
      notifications.show({ color: 'red', title: 'The share could not be hidden', message: err.message }),
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
      <Stack gap="sm">
        {rows.map((s) => {
          const label = countdownText(s.expire_time - now);
          const ended = label === PENDING_UNMOUNT;
          return (
            <Group key={s.id} justify="space-between" wrap="wrap" gap="xs" data-testid="cloud-share">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text size="sm" fw={600} truncate>
                  {s.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {s.device_name}
                  {scope === 'reseller' ? ` · ${s.client_name}` : ''} ·{' '}
                  {ended ? 'pending unmount' : `expires in ${label}`}
                </Text>
              </Stack>
              <Group gap="sm">
                <Anchor component="button" size="sm" onClick={() => setEditing(s)}>
                  Edit or expire
                </Anchor>
                {!ended && (
                  <Anchor component="button" size="sm" c="dimmed" onClick={() => suppress.mutate(s)}>
                    Suppress
                  </Anchor>
                )}
              </Group>
            </Group>
          );
        })}
      </Stack>
      {editing && (
        <CloudLinkModal
          share={editing}
          onClose={() => setEditing(null)}
          onExpired={() => void qc.invalidateQueries({ queryKey: recoveryKeys.all })}
        />
      )}
    </PanelFrame>
  );
}
