import type { WebhookDelivery } from '@lifeboat/contract';

// The delivery log in words (issue 27.4): what was sent, how it went, and what happens next.

const EVENT_WORDS: Record<WebhookDelivery['event_type'], string> = {
  'alert.opened': 'Alert opened',
  'alert.reopened': 'Alert back',
  'alert.resolved': 'Alert resolved',
  test: 'Test message',
};

export const eventWords = (d: WebhookDelivery) =>
  d.subject ? `${EVENT_WORDS[d.event_type]}: ${d.subject}` : EVENT_WORDS[d.event_type];

export const STATUS_WORDS: Record<WebhookDelivery['status'], { label: string; color: string }> = {
  queued: { label: 'Waiting', color: 'yellow' },
  sending: { label: 'Sending', color: 'blue' },
  delivered: { label: 'Delivered', color: 'green' },
  failed: { label: 'Given up', color: 'red' },
};

/** "204 in 35 ms", "No answer", or nothing before the first attempt. */
export function responseWords(d: WebhookDelivery): string {
  if (d.last_attempt_at === null) return 'Not sent yet';
  const took = d.latency_ms === null ? '' : ` in ${d.latency_ms.toLocaleString('en-US')} ms`;
  return d.response_code === null ? `No answer${took}` : `${d.response_code}${took}`;
}

export const attemptsWords = (n: number) => (n === 1 ? '1 attempt' : `${n} attempts`);
