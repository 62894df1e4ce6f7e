import { toListPage, WEBHOOK_LOG_SIZES, type WebhookDelivery, webhookCalls } from '@lifeboat/contract';
import { Alert, Badge, Button, Skeleton, Stack, Table, Text } from '@mantine/core';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../../../api/call';
import { invalidateCalls, useCall } from '../../../api/useCall';
import { ListPager } from '../../../components/lists/ListPager';
import { formatDateTime } from '../../../format/dateTime';
import { attemptsWords, eventWords, responseWords, STATUS_WORDS } from './deliveryWords';

// An endpoint's delivery log, newest first: what was sent, its status, the answer and
// how long it took, the next retry; Redeliver sends a delivered or given-up one again. It refreshes
// itself while something waits to be sent.

const POLL_MS = 3000;

export function WebhookDeliveryLog({ endpointId, canEdit }: { endpointId: number; canEdit: boolean }) {
  const qc = useQueryClient();
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<number>(WEBHOOK_LOG_SIZES[0]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  // A table page (useCallList's shape), with a poll that depends on the rows.
  const q = useCall(
    webhookCalls.deliveries,
    { params: { id: endpointId }, query: { page, rows } },
    {
      select: (a) => toListPage(a, page, rows),
      placeholderData: keepPreviousData,
      refetchInterval: (query) =>
        query.state.data?.content.some((d) => d.status === 'queued' || d.status === 'sending')
          ? POLL_MS
          : false,
    },
  );
  const redeliver = async (d: WebhookDelivery) => {
    setError(null);
    setBusy(d.id);
    try {
      await call(webhookCalls.redeliver, { params: { id: d.id } });
      await invalidateCalls(qc, [webhookCalls.deliveries]);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(null);
    }
  };
  if (q.isPending) return <Skeleton h={120} />;
  if (q.isError)
    return (
      <Alert color="red" title="The delivery log could not be loaded">
        {q.error.message}
      </Alert>
    );
  const data = q.data;
  return (
    <Stack gap="xs" data-testid="webhook-log">
      {error && (
        <Alert color="red" title="Not sent again" withCloseButton onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      {data.rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {data.emptyDesc}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table fz="sm" style={{ opacity: q.isPlaceholderData ? 0.6 : 1 }}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Sent</Table.Th>
                <Table.Th>Message</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Answer</Table.Th>
                <Table.Th>Next try</Table.Th>
                {canEdit && <Table.Th aria-label="Actions" />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.rows.map((d) => (
                <Table.Tr key={d.id} data-testid="webhook-delivery">
                  <Table.Td>{formatDateTime(d.last_attempt_at ?? d.created_at)}</Table.Td>
                  <Table.Td>{eventWords(d)}</Table.Td>
                  <Table.Td>
                    <Badge color={STATUS_WORDS[d.status].color} variant="light">
                      {STATUS_WORDS[d.status].label}
                    </Badge>
                    {d.attempts > 1 && (
                      <Text size="xs" c="dimmed">
                        {attemptsWords(d.attempts)}
                      </Text>
                    )}
                    {d.error && d.status !== 'delivered' && (
                      <Text size="xs" c="red.8" maw={260}>
                        {d.error}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{responseWords(d)}</Table.Td>
                  <Table.Td>{d.next_attempt_at === null ? '—' : formatDateTime(d.next_attempt_at)}</Table.Td>
                  {canEdit && (
                    <Table.Td>
                      {(d.status === 'delivered' || d.status === 'failed') && (
                        <Button
                          size="compact-sm"
                          variant="default"
                          loading={busy === d.id}
                          onClick={() => void redeliver(d)}
                        >
                          Redeliver
                        </Button>
                      )}
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ListPager
        page={data}
        state={{
          page,
          rows,
          setPage,
          setRows: (n) => {
            setRows(n);
            setPage(1);
          },
        }}
        noun="deliveries"
        label="Delivery log pages"
        sizes={WEBHOOK_LOG_SIZES}
        hideWhenOnePage
      />
    </Stack>
  );
}
