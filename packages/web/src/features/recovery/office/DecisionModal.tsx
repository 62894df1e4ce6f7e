import { type ApprovalRequest, failoverCalls, plural } from '@lifeboat/contract';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { invalidateCalls } from '../../../api/useCall';
import { approveFailover, refuseFailover, withdrawFailover } from '../failover-api';

export type Decision = { request: ApprovalRequest; move: 'approve' | 'refuse' | 'withdraw' };

const TEXT = {
  approve: {
    title: 'Approve the production office?',
    button: 'Approve and start',
    color: 'green',
    done: (client: string) => `The production office of ${client} is starting.`,
  },
  refuse: {
    title: 'Refuse the production office?',
    button: 'Refuse',
    color: 'red',
    done: (client: string) => `The production office of ${client} was refused.`,
  },
  withdraw: {
    title: 'Withdraw your request?',
    button: 'Withdraw the request',
    color: 'red',
    done: (client: string) => `Your request for a production office of ${client} was withdrawn.`,
  },
} as const;

/**
 * Approve, refuse or withdraw a production office request after a confirmation; each is audited
 * with both names on the server, which also checks who may make which move.
 */
export function DecisionModal({ decision, onClose }: { decision: Decision | null; onClose: () => void }) {
  const qc = useQueryClient();
  const [reason, setReason] = useState('');
  const decide = useMutation({
    mutationFn: (d: Decision) => {
      const id = d.request.failover_id;
      if (d.move === 'approve') return approveFailover(id);
      if (d.move === 'withdraw') return withdrawFailover(id);
      return refuseFailover(id, reason.trim());
    },
    onSuccess: (_a, d) => {
      notifications.show({
        color: d.move === 'approve' ? 'green' : 'gray',
        message: TEXT[d.move].done(d.request.client_name),
        autoClose: 5000,
      });
      void invalidateCalls(qc, [failoverCalls.approve.area]);
      setReason('');
      onClose();
    },
  });
  const r = decision?.request;
  const text = decision ? TEXT[decision.move] : null;
  return (
    <Modal opened={decision !== null} onClose={onClose} title={text?.title}>
      {r && decision && text && (
        <Stack gap="md">
          <Text size="sm">
            {decision.move === 'withdraw' ? 'You' : r.requested_by} asked to start{' '}
            {plural(r.systems_count, 'system')} of <b>{r.client_name}</b> in a production office
            {r.runbook_name ? ` from runbook ${r.runbook_name}` : ''}.
            {decision.move === 'approve' ? ' It starts as soon as you approve.' : ''}
            {decision.move === 'withdraw' ? ' Withdrawn, it does not start; you can ask again later.' : ''}
          </Text>
          {r.reason && decision.move !== 'withdraw' && (
            <Alert color="gray" title="Their reason">
              {r.reason}
            </Alert>
          )}
          {decision.move === 'refuse' && (
            <Textarea
              label="Why not? (optional)"
              description="The person who asked reads this on the client's page."
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
            <Button color={text.color} loading={decide.isPending} onClick={() => decide.mutate(decision)}>
              {text.button}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
