import { alertActionCalls, SNOOZE_REASON_MAX, type SnoozeKind } from '@lifeboat/contract';
import {
  Alert,
  Button,
  Group,
  Modal,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ApiError } from '../../api/client';
import { useCallMutation } from '../../api/useCall';
import { formatDateTime } from '../../format/dateTime';
import { localInputValue } from '../recovery/steps/failover/SetVoVmsAutoStopStep';

/** What a snooze silences: the body key naming it, its id and how the dialog says it. */
export interface SnoozeTargetChoice {
  key: 'system_id' | 'appliance_id' | 'client_id' | 'reseller_id';
  id: number;
  label: string;
}

const HOUR = 3_600_000;
const DURATIONS = [
  { value: String(HOUR), label: 'For an hour' },
  { value: String(4 * HOUR), label: 'For 4 hours' },
  { value: String(24 * HOUR), label: 'For a day' },
  { value: String(3 * 24 * HOUR), label: 'For 3 days' },
  { value: String(7 * 24 * HOUR), label: 'For a week' },
];

/**
 * Snooze a target until a time, or plan a maintenance window (issue 27.2): its alerts keep being
 * recorded and nobody is told. The reason is shown to the others on the Alerts page.
 */
export function SnoozeDialog({ target, onClose }: { target: SnoozeTargetChoice; onClose: () => void }) {
  const [kind, setKind] = useState<SnoozeKind>('snooze');
  const [duration, setDuration] = useState(String(4 * HOUR));
  const [from, setFrom] = useState(() => localInputValue(Date.now() + HOUR));
  const [until, setUntil] = useState(() => localInputValue(Date.now() + 3 * HOUR));
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const create = useCallMutation(alertActionCalls.createSnooze);
  const fields = create.error instanceof ApiError ? (create.error.fields ?? {}) : {};
  const reasonError = tried && !reason.trim() ? 'Say why, for the others who will see it.' : fields.reason;
  const submit = () => {
    setTried(true);
    if (!reason.trim()) return;
    const now = Date.now();
    const body =
      kind === 'snooze'
        ? { kind, ends_at: now + Number(duration) }
        : { kind, starts_at: new Date(from).getTime() || 0, ends_at: new Date(until).getTime() || 0 };
    create.mutate(
      { json: { [target.key]: String(target.id), reason: reason.trim(), ...body } },
      {
        onSuccess: (row) => {
          notifications.show({
            color: 'green',
            message: `${row.target_name} is silenced until ${formatDateTime(row.ends_at)}.`,
            autoClose: 5000,
          });
          onClose();
        },
      },
    );
  };
  return (
    <Modal opened onClose={onClose} title={`Silence ${target.label}`}>
      <Stack gap="md">
        <Text size="sm">
          Its alerts still open and resolve and show on this page; nobody is e-mailed while it is silenced.
        </Text>
        <SegmentedControl
          value={kind}
          onChange={(v) => setKind(v as SnoozeKind)}
          data={[
            { value: 'snooze', label: 'Snooze from now' },
            { value: 'maintenance', label: 'Maintenance window' },
          ]}
        />
        {kind === 'snooze' ? (
          <Select
            label="How long"
            data={DURATIONS}
            value={duration}
            onChange={(v) => v && setDuration(v)}
            allowDeselect={false}
          />
        ) : (
          <Group grow align="flex-start">
            <TextInput
              type="datetime-local"
              label="From"
              value={from}
              onChange={(e) => setFrom(e.currentTarget.value)}
              error={fields.starts_at}
            />
            <TextInput
              type="datetime-local"
              label="Until"
              value={until}
              onChange={(e) => setUntil(e.currentTarget.value)}
              error={fields.ends_at}
            />
          </Group>
        )}
        {kind === 'snooze' && fields.ends_at && <Alert color="red">{fields.ends_at}</Alert>}
        <Textarea
          label="Why"
          placeholder="e.g. Replacing the disks, ticket 4411"
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          maxLength={SNOOZE_REASON_MAX}
          error={reasonError}
          autosize
          minRows={2}
        />
        {create.error && !(create.error instanceof ApiError && create.error.fields) && (
          <Alert color="red">{create.error.message}</Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={create.isPending} onClick={submit}>
            {kind === 'snooze' ? 'Snooze' : 'Plan the window'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
