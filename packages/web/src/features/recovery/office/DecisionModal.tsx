import type { ApprovalRequest } from '@lifeboat/contract';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { approveFailover, foKeys, refuseFailover } from '../failover-api';

export type Decision = { request: ApprovalRequest; approve: boolean };

/** Approve or refuse after a confirmation; both are audited with both names on the server. */
export function DecisionModal({ decision, onClose }: { decision: Decision | null; onClose: () => void }) {
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
