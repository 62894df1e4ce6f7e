import { randomUUID } from 'node:crypto';
import { severityReaches, WEBHOOK_RETRY_WINDOW_MS } from '@lifeboat/contract';
import type { Database } from '@lifeboat/db';
import type { Transaction } from 'kysely';
import { unscoped } from '../../../scope';
import type { RuleOf } from '../observe';

// Queue one webhook delivery per alert transition and enabled endpoint of the alert's reseller
// (issue 27.4), in the transaction that makes the transition: the unique (endpoint, event) pair
// makes a second queueing impossible, and deliver.ts posts the rows after commit. The rule of the
// alert's client routes it (issue 27.3): to all endpoints, the chosen ones, or none, from its
// webhook severity up. Quiet hours hold e-mail only (docs/decisions.md 'Alert routing').

const why = 'an alert transition of any tenant queues its webhook deliveries';

export async function queueWebhooks(
  trx: Transaction<Database>,
  events: readonly {
    id: number;
    alert_id: number;
    reseller_id: number;
    client_id: number;
    kind: string;
    severity: string;
  }[],
  ruleOf: RuleOf,
  now: number,
): Promise<void> {
  if (events.length === 0) return;
  const resellers = [...new Set(events.map((e) => Number(e.reseller_id)))];
  const endpoints = await unscoped(trx, why)
    .selectFrom('webhook_endpoints')
    .select(['id', 'reseller_id', 'client_id'])
    .where('reseller_id', 'in', resellers)
    .where('enabled', '=', 1)
    .execute();
  if (endpoints.length === 0) return;
  const rows = events.flatMap((e) => {
    const r = ruleOf(Number(e.reseller_id), Number(e.client_id)).routing;
    if (r.webhooks === 'none' || !severityReaches(e.severity, r.webhook_min_severity)) return [];
    return endpoints
      .filter(
        (p) =>
          Number(p.reseller_id) === Number(e.reseller_id) &&
          // A client's own endpoint hears of its own systems only.
          (Number(p.client_id) === 0 || Number(p.client_id) === Number(e.client_id)) &&
          (r.webhooks === 'all' || r.webhook_ids.includes(Number(p.id))),
      )
      .map((p) => ({
        endpoint_id: Number(p.id),
        delivery_uid: randomUUID(),
        reseller_id: Number(p.reseller_id),
        client_id: Number(p.client_id),
        event_id: Number(e.id),
        alert_id: Number(e.alert_id),
        event_type: `alert.${e.kind}`,
        status: 'queued' as const,
        created_at: now,
        next_attempt_at: now,
        retry_until: now + WEBHOOK_RETRY_WINDOW_MS,
      }));
  });
  // SQLite's statement limit: a burst is inserted in slices.
  for (let i = 0; i < rows.length; i += 500)
    await unscoped(trx, why)
      .insertInto('webhook_deliveries')
      .values(rows.slice(i, i + 500))
      .execute();
}
