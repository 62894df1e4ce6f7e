import { failoverCalls, plural } from '@lifeboat/contract';
import { Alert, Badge, Button, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useState } from 'react';
import { useCall } from '../../../api/useCall';
import { lazyDialog } from '../../../components/lazyDialog';
import { pointTimeText } from '../format';
import type { Decision } from './DecisionModal';

const POLL_MS = 10_000;

// The confirmation loads when first asked for (issue 18 point 19).
const DecisionModal = lazyDialog(
  () => import('./DecisionModal').then((m) => m.DecisionModal),
  (p) => p.decision !== null,
);

/**
 * Production failovers waiting for a second person (docs/decisions.md 'Failover approval is
 * opt-in'): on the reseller's dashboard, the home page of the provider's staff and distributors,
 * and the client page (`clientId` narrows it). Those who may decide approve or refuse; the
 * requester may withdraw their own request.
 */
export function ApprovalRequestsPanel({ clientId }: { clientId?: number }) {
  const q = useCall(failoverCalls.approvalRequests, {}, { refetchInterval: POLL_MS });
  const [decision, setDecision] = useState<Decision | null>(null);
  const requests = (q.data?.requests ?? []).filter((r) => clientId === undefined || r.client_id === clientId);
  if (requests.length === 0 && !q.error) return null;
  return (
    <Paper withBorder radius="md" p="md" data-testid="approval-requests">
      <Stack gap="sm">
        <Group gap="xs">
          <Title order={2} size="h4">
            Production offices waiting for approval
          </Title>
          <Badge color="yellow">{requests.length}</Badge>
        </Group>
        {q.error && (
          <Alert color="red" title="The approval requests could not be loaded">
            {q.error.message}
          </Alert>
        )}
        {requests.map((r) => (
          <Paper key={r.failover_id} withBorder radius="sm" p="sm" data-testid="approval-request">
            <Group justify="space-between" wrap="wrap" gap="sm">
              <Stack gap={2}>
                <Text size="sm" fw={600}>
                  {r.client_name}
                  {r.runbook_name ? ` · ${r.runbook_name}` : ''} · {plural(r.systems_count, 'system')}
                </Text>
                <Text size="xs" c="dimmed">
                  Requested by {r.requested_by} at {pointTimeText(r.requested_at)}; expires at{' '}
                  {pointTimeText(r.expires_at)}
                </Text>
                {r.reason && <Text size="xs">“{r.reason}”</Text>}
              </Stack>
              {r.can_decide && (
                <Group gap="xs">
                  <Button
                    size="xs"
                    color="green"
                    onClick={() => setDecision({ request: r, move: 'approve' })}
                  >
                    Approve
                  </Button>
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    onClick={() => setDecision({ request: r, move: 'refuse' })}
                  >
                    Refuse
                  </Button>
                </Group>
              )}
              {r.can_withdraw && (
                <Group gap="xs">
                  <Tooltip label="Another user of your organisation, your distributor or your provider's staff must approve it.">
                    <Badge variant="light" color="gray">
                      Your request
                    </Badge>
                  </Tooltip>
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    onClick={() => setDecision({ request: r, move: 'withdraw' })}
                  >
                    Withdraw
                  </Button>
                </Group>
              )}
            </Group>
          </Paper>
        ))}
      </Stack>
      <DecisionModal decision={decision} onClose={() => setDecision(null)} />
    </Paper>
  );
}
