import {
  ALERT_NOTE_MAX,
  type AlertRow,
  alertActionCalls,
  CONDITION_DESCRIPTION,
  CONDITION_LABEL,
} from '@lifeboat/contract';
import { Alert, Anchor, Button, Drawer, Group, Skeleton, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link } from 'react-router';
import { useCall, useCallMutation } from '../../api/useCall';
import { SeverityBadge, StateBadge, subjectPath } from './AlertBadges';
import { AlertTimeline } from './AlertTimeline';
import { SnoozeDialog, type SnoozeTargetChoice } from './SnoozeDialog';

/** An alert's timeline beside the list, with acknowledging and snoozing for those who may. */
export function AlertDrawer({
  alertId,
  onClose,
  canSnooze,
}: {
  alertId: number | null;
  onClose: () => void;
  canSnooze: boolean;
}) {
  const q = useCall(
    alertActionCalls.alertTimeline,
    { params: { id: alertId ?? 0 } },
    { enabled: alertId !== null },
  );
  const data = q.data;
  const a = data?.alert;
  return (
    <Drawer
      opened={alertId !== null}
      onClose={onClose}
      position="right"
      size="md"
      title={a ? `${a.subject_name}: ${CONDITION_LABEL[a.condition]}` : 'Alert'}
    >
      {q.error && (
        <Alert color="red" title="Could not load this alert">
          {q.error.message}
        </Alert>
      )}
      {!data && !q.error && (
        <Stack gap="sm" aria-busy>
          <Skeleton height={20} width="60%" />
          <Skeleton height={60} />
          <Skeleton height={60} />
        </Stack>
      )}
      {data && a && (
        <Stack gap="md">
          <Group gap="xs">
            <SeverityBadge severity={a.severity} />
            <StateBadge state={a.state} />
          </Group>
          <Text size="sm">
            <Anchor component={Link} to={subjectPath(a)} fw={600}>
              {a.subject_name}
            </Anchor>{' '}
            ({a.client_name}): {a.summary}.
          </Text>
          <Text size="sm" c="dimmed">
            {CONDITION_DESCRIPTION[a.condition]}
          </Text>
          <AlertTimeline data={data} seesMail={canSnooze} />
          {data.can_acknowledge && <AcknowledgeForm key={a.id} id={a.id} />}
          {canSnooze && a.state !== 'resolved' && <SnoozeButtons targets={snoozeTargets(a)} />}
        </Stack>
      )}
    </Drawer>
  );
}

/**
 * What the drawer offers to snooze: the system or appliance itself, and its client. An office, a
 * failover or an export is snoozed through its client; a reseller's cloud storage or private
 * vault through the reseller (its alert carries the reseller as its client).
 */
function snoozeTargets(a: AlertRow): SnoozeTargetChoice[] {
  if (a.subject_type === 'reseller' || a.subject_type === 'vault')
    return [{ key: 'reseller_id', id: a.reseller_id, label: `the reseller (${a.client_name})` }];
  const client: SnoozeTargetChoice = {
    key: 'client_id',
    id: a.client_id,
    label: `the client (${a.client_name})`,
  };
  if (a.subject_type === 'system')
    return [{ key: 'system_id', id: a.subject_id, label: `this system (${a.subject_name})` }, client];
  if (a.subject_type === 'appliance')
    return [{ key: 'appliance_id', id: a.subject_id, label: `this appliance (${a.subject_name})` }, client];
  return [client];
}

function AcknowledgeForm({ id }: { id: number }) {
  const [note, setNote] = useState('');
  const ack = useCallMutation(alertActionCalls.acknowledgeAlert);
  const tooLong = note.length > ALERT_NOTE_MAX;
  return (
    <Stack gap="xs">
      <Textarea
        label="Note for the others (optional)"
        description="Acknowledging tells your colleagues someone is on it and stops the reminders."
        value={note}
        onChange={(e) => setNote(e.currentTarget.value)}
        error={tooLong ? `Write at most ${ALERT_NOTE_MAX} characters.` : undefined}
        autosize
        minRows={2}
      />
      {ack.error && <Alert color="red">{ack.error.message}</Alert>}
      <Group>
        <Button
          loading={ack.isPending}
          disabled={tooLong}
          onClick={() =>
            ack.mutate(
              { params: { id }, json: note.trim() ? { note: note.trim() } : {} },
              {
                onSuccess: () =>
                  notifications.show({ color: 'green', message: 'Alert acknowledged.', autoClose: 4000 }),
              },
            )
          }
        >
          Acknowledge
        </Button>
      </Group>
    </Stack>
  );
}

function SnoozeButtons({ targets }: { targets: SnoozeTargetChoice[] }) {
  const [target, setTarget] = useState<SnoozeTargetChoice | null>(null);
  return (
    <Stack gap={6}>
      <Text size="sm" fw={600}>
        Silence for a while
      </Text>
      <Group gap="xs">
        {targets.map((t) => (
          <Button key={t.key} size="xs" variant="default" onClick={() => setTarget(t)}>
            Snooze {t.label.replace(/ \(.*\)$/, '')}
          </Button>
        ))}
      </Group>
      {target && <SnoozeDialog target={target} onClose={() => setTarget(null)} />}
    </Stack>
  );
}
