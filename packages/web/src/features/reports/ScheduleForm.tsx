import { reportCalls as c, checkEmails } from '@lifeboat/contract';
import { Button, Stack, TagsInput, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../../api/call';
import { invalidateCalls } from '../../api/useCall';
import type { BuilderValues } from './builderForm';
import type { Extras } from './PreviewStep';

const SAVED: Record<BuilderValues['frequency'], string> = {
  weekly: 'The report is scheduled: it will be e-mailed every Monday for the week before.',
  monthly: 'The report is scheduled: it will be e-mailed on the first of every month for the month before.',
  quarterly: 'The report is scheduled: it will be e-mailed when each quarter ends.',
};
export const SAVE_ERROR = 'Error saving scheduled report.';

/** Scheduled mode: the e-mail list and Schedule (spec 4, 5, 8). */
export function ScheduleForm({ options, extras }: { options: BuilderValues; extras: Extras }) {
  const client = useQueryClient();
  const [emails, setEmails] = useState<string[]>([]);
  const error = emails.length === 0 ? null : checkEmails(emails);
  const save = useMutation({
    mutationFn: () =>
      call(c.saveDefinition, {
        form: {
          name: `Executive summary (${options.frequency})`,
          delivery_type: 'email',
          email_address: emails.join(','),
          active: '1',
          type: options.frequency,
          report_params: JSON.stringify({
            level: options.level,
            client_id: Number(options.client_id),
            bandwidth_estimate: extras.bandwidth,
            summary_overview: extras.summary,
            suggested_actions: extras.actions,
          }),
        },
      }),
    onSuccess: (a) => {
      if (a.is_error) throw new Error(SAVE_ERROR);
      notifications.show({ color: 'teal', message: SAVED[options.frequency], autoClose: 5000 });
      void invalidateCalls(client, [c.definitions]);
    },
    onError: () => notifications.show({ color: 'red', message: SAVE_ERROR, autoClose: 5000 }),
  });
  return (
    <Stack gap="xs">
      <TagsInput
        label="Send to"
        placeholder="Type an address and press Enter"
        value={emails}
        onChange={(v) => setEmails(v.map((e) => e.trim()).filter(Boolean))}
        error={error}
        splitChars={[',', ' ', ';']}
      />
      <Text size="xs" c="dimmed">
        Delivered by e-mail as a PDF when each period ends.
      </Text>
      <Button
        onClick={() => save.mutate()}
        loading={save.isPending}
        disabled={emails.length === 0 || error !== null}
        style={{ alignSelf: 'flex-start' }}
      >
        Schedule
      </Button>
    </Stack>
  );
}
