import { type WebhookEndpoint, webhookCalls } from '@lifeboat/contract';
import { Alert, Button, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useCall } from '../../../api/useCall';
import { WebhookEndpointCard } from './WebhookEndpointCard';
import { WebhookEndpointDialog } from './WebhookEndpointDialog';
import { WebhookSecretDialog } from './WebhookSecretDialog';

// A reseller's webhook endpoints: every alert of its clients (opened, back,
// resolved) is posted to each, signed with the endpoint's secret.

export function WebhooksTab({ resellerId }: { resellerId: number }) {
  const list = useCall(webhookCalls.list, { params: { id: resellerId } });
  const [editing, setEditing] = useState<WebhookEndpoint | 'new' | null>(null);
  const [secret, setSecret] = useState<{ name: string; secret: string } | null>(null);
  if (list.isPending) return <Skeleton h={160} />;
  if (list.isError)
    return (
      <Alert color="red" title="The webhook endpoints could not be loaded">
        {list.error.message}
      </Alert>
    );
  const { endpoints, can_edit: canEdit, max } = list.data;
  const full = endpoints.length >= max;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Text size="sm" c="dimmed" maw={640}>
          Each alert of your clients' systems is posted to these addresses when it opens, comes back and
          resolves, signed so that the receiving system (your ticketing tool, for example) can check it came
          from this console. A message that does not get through is tried again for a day.
        </Text>
        {canEdit && (
          <Button onClick={() => setEditing('new')} disabled={full}>
            Add endpoint
          </Button>
        )}
      </Group>
      {full && canEdit && (
        <Text size="sm" c="dimmed">
          You have {max} endpoints, the most there can be: remove one to add another.
        </Text>
      )}
      {endpoints.length === 0 && (
        <Card withBorder radius="md" padding="lg">
          <Text size="sm" c="dimmed" ta="center">
            No webhook endpoints yet.{canEdit ? ' Add one to send alerts to another system.' : ''}
          </Text>
        </Card>
      )}
      {endpoints.map((e) => (
        <WebhookEndpointCard
          key={e.id}
          endpoint={e}
          canEdit={canEdit}
          onEdit={() => setEditing(e)}
          onSecret={(a) => setSecret({ name: a.endpoint.name, secret: a.secret })}
        />
      ))}
      <WebhookEndpointDialog
        resellerId={resellerId}
        opened={editing !== null}
        endpoint={editing === 'new' || editing === null ? undefined : editing}
        onClose={() => setEditing(null)}
        onCreated={(a) => setSecret({ name: a.endpoint.name, secret: a.secret })}
      />
      <WebhookSecretDialog shown={secret} onClose={() => setSecret(null)} />
    </Stack>
  );
}
