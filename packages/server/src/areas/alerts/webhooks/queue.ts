import { randomUUID } from 'node:crypto';
import { WEBHOOK_RETRY_WINDOW_MS } from '@lifeboat/contract';
import type { Database } from '@lifeboat/db';
import type { Transaction } from 'kysely';
import { unscoped } from '../../../scope';

// Queue one webhook delivery per alert transition and enabled endpoint of the alert's reseller
// (issue 27.4), in the transaction that makes the transition: the unique (endpoint, event) pair
// makes a second queueing impossible, and deliver.ts posts the rows after commit.

const why = 'an alert transition of any tenant queues its webhook deliveries';

export async function queueWebhooks(
  trx: Transaction<Database>,
  events: readonly { id: number; alert_id: number; reseller_id: number; client_id: number; kind: string }[],
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
  const rows = events.flatMap((e) =>
    endpoints
      .filter(
        (p) =>
          Number(p.reseller_id) === Number(e.reseller_id) &&
          // A client's own endpoint hears of its own systems only.
          (Number(p.client_id) === 0 || Number(p.client_id) === Number(e.client_id)),
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
      })),
  );
  // SQLite's statement limit: a burst is inserted in slices.
  for (let i = 0; i < rows.length; i += 500)
    await unscoped(trx, why)
      .insertInto('webhook_deliveries')
      .values(rows.slice(i, i + 500))
      .execute();
}
