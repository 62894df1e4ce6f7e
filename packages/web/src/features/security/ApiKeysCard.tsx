import { type ApiKeyRow, securityCalls } from '@lifeboat/contract';
import { Alert, Badge, Button, Card, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../../api/call';
import { invalidateCalls, useCall } from '../../api/useCall';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { formatDate, formatDateTime } from '../../format/dateTime';
import { ApiKeyCreate } from './ApiKeyCreate';

function stateOf(k: ApiKeyRow, now: number) {
  if (k.revokedAt !== null) return { label: 'Revoked', color: 'gray' };
  if (k.expiresAt <= now) return { label: 'Expired', color: 'gray' };
  return { label: 'Works', color: 'green' };
}

const scopeWords = (k: ApiKeyRow) =>
  k.readOnly ? 'Read only' : k.rights.length === 1 ? 'One right' : `${k.rights.length} rights`;

/** The user's API keys (issue 26.4): listed with their last use, revoked after a confirmation. */
export function ApiKeysCard() {
  const client = useQueryClient();
  const keys = useCall(securityCalls.listApiKeys, {});
  const [revoking, setRevoking] = useState<ApiKeyRow | null>(null);
  const now = Date.now();
  return (
    <Card withBorder padding="lg" radius="md" maw={960}>
      <Stack gap="md">
        {/* A section of the page (its h1 is the page's title); the form's own title is an h3. */}
        <Title order={2} fz="h4">
          API keys
        </Title>
        <Text size="sm">
          A key lets a script or another tool (your PSA, billing) call Lifeboat as you, limited to what you
          choose. The API reference shows how to call it.{' '}
          <a href="/api/reference#keys" target="_blank" rel="noreferrer">
            Open the API reference
          </a>
        </Text>
        {keys.isPending && <Skeleton height={80} />}
        {keys.isError && <Alert color="red">{keys.error.message}</Alert>}
        {keys.data && keys.data.keys.length === 0 && (
          <Text size="sm" c="dimmed">
            You have no keys yet.
          </Text>
        )}
        {keys.data && keys.data.keys.length > 0 && (
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="xs" data-testid="api-keys">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Starts with</Table.Th>
                  <Table.Th>May</Table.Th>
                  <Table.Th>Works until</Table.Th>
                  <Table.Th>Last used</Table.Th>
                  <Table.Th>State</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {keys.data.keys.map((k) => {
                  const state = stateOf(k, now);
                  return (
                    <Table.Tr key={k.id}>
                      <Table.Td>{k.name}</Table.Td>
                      <Table.Td>
                        <code>{k.prefix}…</code>
                      </Table.Td>
                      <Table.Td>{scopeWords(k)}</Table.Td>
                      <Table.Td>{formatDate(k.expiresAt)}</Table.Td>
                      <Table.Td>{k.lastUsedAt === null ? 'Never' : formatDateTime(k.lastUsedAt)}</Table.Td>
                      <Table.Td>
                        <Badge color={state.color} variant="light">
                          {state.label}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        {state.label === 'Works' && (
                          <Button size="xs" color="red" variant="subtle" onClick={() => setRevoking(k)}>
                            Revoke
                          </Button>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <ApiKeyCreate />
      </Stack>
      <ConfirmDialog
        opened={revoking !== null}
        title="Revoke this key?"
        message={`Anything using "${revoking?.name ?? ''}" stops working at its next call. This cannot be undone.`}
        confirmLabel="Revoke the key"
        onClose={() => setRevoking(null)}
        onConfirm={async () => {
          if (!revoking) return;
          await call(securityCalls.revokeApiKey, { params: { id: String(revoking.id) } });
          setRevoking(null);
          await invalidateCalls(client, [securityCalls.listApiKeys]);
        }}
      />
    </Card>
  );
}
