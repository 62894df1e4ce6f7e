import { type AlertEvent, type AlertTimelineAnswer, CONDITION_CLEARED, plural } from '@lifeboat/contract';
import { Text, Timeline } from '@mantine/core';
import { formatDateTime } from '../../format/dateTime';

const TITLE: Record<AlertEvent['kind'], string> = {
  opened: 'Opened',
  reopened: 'Opened again',
  acknowledged: 'Acknowledged',
  resolved: 'Resolved',
  reminded: 'Reminder',
};

const COLOUR: Record<AlertEvent['kind'], string> = {
  opened: 'red.8',
  reopened: 'red.8',
  acknowledged: 'gray.7',
  resolved: 'green.9',
  reminded: 'orange.8',
};

/** Who an event told, or why it told nobody. */
function toldLine(e: AlertEvent, seesMail: boolean): string | null {
  if (e.quiet) {
    const what = e.quiet.kind === 'maintenance' ? 'in a maintenance window' : 'snoozed';
    return `Nobody was told: ${e.quiet.target_name} was ${what} until ${formatDateTime(e.quiet.until)}.`;
  }
  if (e.mails.length === 0)
    return seesMail && e.kind !== 'acknowledged'
      ? 'Nobody was e-mailed: the alert rule names no recipients.'
      : null;
  const reminder = e.kind === 'reminded';
  return e.mails
    .map((m) => {
      const to = m.to.join(', ');
      if (m.status === 'sent')
        return `${reminder ? 'Reminder sent to' : 'E-mailed'} ${to} at ${formatDateTime(m.sent_at)}.`;
      if (m.status === 'failed') return `The ${reminder ? 'reminder' : 'e-mail'} to ${to} could not be sent.`;
      if (m.status === 'held') return `${reminder ? 'Reminder w' : 'W'}aiting for the next digest to ${to}.`;
      return `${reminder ? 'Reminder' : 'E-mail'} to ${to} on its way.`;
    })
    .join(' ');
}

/** What an opening or a resolution was about: the condition's summary, or what cleared it. */
function happened(e: AlertEvent, alert: AlertTimelineAnswer['alert']): string | null {
  if (e.kind === 'opened' || e.kind === 'reopened') {
    const s = alert.summary;
    return `${s.charAt(0).toUpperCase()}${s.slice(1)}.`;
  }
  if (e.kind === 'resolved') return CONDITION_CLEARED[alert.condition];
  if (e.kind === 'reminded') return 'Still open, and nobody has acknowledged it.';
  return null;
}

/**
 * An alert's life (issue 27.5): opened, updated (counted while it holds), told whom,
 * acknowledged by whom, resolved. The updates are one line, not one event per evaluation.
 */
export function AlertTimeline({ data, seesMail }: { data: AlertTimelineAnswer; seesMail: boolean }) {
  const { alert, events } = data;
  const items = [...events];
  return (
    <Timeline active={items.length} bulletSize={14} lineWidth={2} aria-label="Timeline">
      {items.map((e, i) => {
        const told = toldLine(e, seesMail);
        return (
          <Timeline.Item
            // biome-ignore lint/suspicious/noArrayIndexKey: events never move; two may share a time
            key={i}
            color={COLOUR[e.kind]}
            title={e.by ? `${TITLE[e.kind]} by ${e.by}` : TITLE[e.kind]}
            data-event={e.kind}
          >
            <Text size="xs" c="dimmed">
              {formatDateTime(e.at)}
            </Text>
            {happened(e, alert) && (
              <Text size="sm" mt={4}>
                {happened(e, alert)}
              </Text>
            )}
            {e.note && (
              <Text size="sm" mt={4}>
                “{e.note}”
              </Text>
            )}
            {told && (
              <Text size="sm" mt={4}>
                {told}
              </Text>
            )}
          </Timeline.Item>
        );
      })}
      {alert.resolved_at === null && (
        <Timeline.Item color="gray.6" title="Still holding" lineVariant="dashed" data-event="updated">
          <Text size="sm">
            Seen {plural(alert.count, 'time')} by the console’s checks, last at{' '}
            {formatDateTime(alert.last_seen_at)}.
          </Text>
        </Timeline.Item>
      )}
    </Timeline>
  );
}
