import type { ApprovalRequest } from '@lifeboat/contract';
import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  Stack,
  Text,
  Textarea,
  Title,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { approveFailover, fetchApprovals, foKeys, refuseFailover } from '../failover-api';
import { pointTimeText } from '../format';

const POLL_MS = 10_000;

type Decision = { request: ApprovalRequest; approve: boolean };

/** Approve or refuse after a confirmation; both are audited with both names on the server. */
function DecisionModal({ decision, onClose }: { decision: Decision | null; onClose: () => void }) {
  const qc = useQueryClient();
  const [reason, setReason] = useState('');
  const decide = useMutation({
    mutationFn: (d: Decision) =>
      d.approve
        ? approveFailover(d.request.failover_id)
        : refuseFailover(d.request.failover_id, reason.trim()),
    onSuccess: (_a, d) => {
      notifications.show({
        color: d.approve ? 'green' : 'gray',
        message: d.approve
          ? `The production office of ${d.request.client_name} is starting.`
          : `The production office of ${d.request.client_name} was refused.`,
        autoClose: 5000,
      });
      void qc.invalidateQueries({ queryKey: foKeys.all });
      setReason('');
      onClose();
    },
  });
  const r = decision?.request;
  return (
    <Modal
      opened={decision !== null}
      onClose={onClose}
      title={decision?.approve ? 'Approve the production office?' : 'Refuse the production office?'}
    >
      {r && (
        <Stack gap="md">
          <Text size="sm">
            {r.requested_by} asked to start {r.systems_count} system{r.systems_count === 1 ? '' : 's'} of{' '}
            <b>{r.client_name}</b> in a production office
            {r.runbook_name ? ` from runbook ${r.runbook_name}` : ''}.
            {decision.approve ? ' It starts as soon as you approve.' : ''}
          </Text>
          {r.reason && (
            <Alert color="gray" title="Their reason">
              {r.reason}
            </Alert>
          )}
          {!decision.approve && (
            <Textarea
              label="Why not? (optional)"
              value={reason}
              maxLength={500}
              onChange={(e) => setReason(e.currentTarget.value)}
            />
          )}
          {decide.error && (
            <Alert color="red" title="The decision was not saved">
              {decide.error.message}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button
              color={decision.approve ? 'green' : 'red'}
              loading={decide.isPending}
              onClick={() => decide.mutate(decision)}
            >
              {decision.approve ? 'Approve and start' : 'Refuse'}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/**
 * Production failovers waiting for a second person (issue 16.4), on the dashboard and the client
 * page (`clientId` narrows it). The requester sees their own request without the buttons.
 */
export function ApprovalRequestsPanel({ clientId }: { clientId?: number }) {
  const q = useQuery({ queryKey: foKeys.approvals(), queryFn: fetchApprovals, refetchInterval: POLL_MS });
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
                  {r.runbook_name ? ` · ${r.runbook_name}` : ''} · {r.systems_count} system
                  {r.systems_count === 1 ? '' : 's'}
                </Text>
                <Text size="xs" c="dimmed">
                  Requested by {r.requested_by} at {pointTimeText(r.requested_at)}; expires at{' '}
                  {pointTimeText(r.expires_at)}
                </Text>
                {r.reason && <Text size="xs">“{r.reason}”</Text>}
              </Stack>
              {r.can_decide ? (
                <Group gap="xs">
                  <Button size="xs" color="green" onClick={() => setDecision({ request: r, approve: true })}>
                    Approve
                  </Button>
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    onClick={() => setDecision({ request: r, approve: false })}
                  >
                    Refuse
                  </Button>
                </Group>
              ) : (
                <Tooltip label="Another user of your organisation, or your provider's staff, must approve it.">
                  <Badge variant="light" color="gray">
                    Your request
                  </Badge>
                </Tooltip>
              )}
            </Group>
          </Paper>
        ))}
      </Stack>
      <DecisionModal decision={decision} onClose={() => setDecision(null)} />
    </Paper>
  );
}
