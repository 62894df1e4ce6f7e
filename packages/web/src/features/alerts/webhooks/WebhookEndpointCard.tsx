import { type WebhookEndpoint, type WebhookSecretAnswer, webhookCalls } from '@lifeboat/contract';
import { Alert, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../../../api/call';
import { invalidateCalls } from '../../../api/useCall';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { CopyAction } from '../../../components/CopyAction';
import { formatDateTime } from '../../../format/dateTime';
import { WebhookDeliveryLog } from './WebhookDeliveryLog';

// One endpoint: its address, Send test, Pause or Resume, Edit, New secret, Remove, and its log.

interface Props {
  endpoint: WebhookEndpoint;
  canEdit: boolean;
  onEdit: () => void;
  onSecret: (answer: WebhookSecretAnswer) => void;
}

export function WebhookEndpointCard({ endpoint: e, canEdit, onEdit, onSecret }: Props) {
  const qc = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<'remove' | 'rotate' | null>(null);
  const refresh = () => invalidateCalls(qc, [webhookCalls.list, webhookCalls.deliveries]);
  const act = async (what: string, run: () => Promise<unknown>) => {
    setBusy(what);
    setError(null);
    try {
      await run();
      await refresh();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(null);
    }
  };
  return (
    <Card withBorder radius="md" padding="md" data-testid="webhook-endpoint">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Stack gap={4} style={{ minWidth: 0, flex: '1 1 260px' }}>
            <Group gap="xs">
              <Text fw={600}>{e.name}</Text>
              {!e.enabled && (
                <Badge color="gray" variant="light">
                  Paused
                </Badge>
              )}
            </Group>
            <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
              <Text size="sm" c="dimmed" style={{ wordBreak: 'break-all' }}>
                {e.url}
              </Text>
              <CopyAction value={e.url} what="the address" look="icon" />
            </Group>
            <Text size="xs" c="dimmed">
              Secret made {formatDateTime(e.secret_rotated_at)}
            </Text>
          </Stack>
          {canEdit && (
            <Group gap="xs" wrap="wrap">
              <Button
                size="xs"
                loading={busy === 'test'}
                disabled={!e.enabled}
                onClick={() => void act('test', () => call(webhookCalls.test, { params: { id: e.id } }))}
              >
                Send test
              </Button>
              <Button
                size="xs"
                variant="default"
                loading={busy === 'pause'}
                onClick={() =>
                  void act('pause', () =>
                    call(webhookCalls.update, {
                      params: { id: e.id },
                      json: { name: e.name, url: e.url, enabled: !e.enabled },
                    }),
                  )
                }
              >
                {e.enabled ? 'Pause' : 'Resume'}
              </Button>
              <Button size="xs" variant="default" onClick={onEdit}>
                Edit
              </Button>
              <Button size="xs" variant="default" onClick={() => setConfirm('rotate')}>
                New secret
              </Button>
              <Button size="xs" variant="default" color="red" onClick={() => setConfirm('remove')}>
                Remove
              </Button>
            </Group>
          )}
        </Group>
        {error && (
          <Alert color="red" title="That did not work" withCloseButton onClose={() => setError(null)}>
            {error}
          </Alert>
        )}
        <Text size="sm" fw={600}>
          Delivery log
        </Text>
        <WebhookDeliveryLog endpointId={e.id} canEdit={canEdit} />
      </Stack>
      <ConfirmDialog
        opened={confirm === 'remove'}
        title="Remove this webhook endpoint?"
        message={`${e.name} stops receiving alerts, and its delivery log is deleted.`}
        confirmLabel="Remove endpoint"
        errorTitle="The endpoint was not removed"
        onConfirm={async () => {
          await call(webhookCalls.remove, { params: { id: e.id } });
          await invalidateCalls(qc, [webhookCalls.list]);
        }}
        onClose={() => setConfirm(null)}
      />
      <ConfirmDialog
        opened={confirm === 'rotate'}
        title="Make a new secret?"
        message={`Messages to ${e.name} are signed with the new secret from now on: the receiving system needs it before the next alert, or it will refuse them.`}
        confirmLabel="Make new secret"
        errorTitle="No new secret was made"
        onConfirm={async () => {
          onSecret(await call(webhookCalls.rotate, { params: { id: e.id } }));
          await refresh();
        }}
        onClose={() => setConfirm(null)}
      />
    </Card>
  );
}
