import type { Database } from '@lifeboat/db';
import type { Transaction } from 'kysely';
import { unscoped } from '../../scope';
import type { RuleOf } from './observe';

// Queue one e-mail per alert transition (issue 27.4) in the transaction that makes it, to the
// recipients of the rule that applies to the alert's client. The unique event_id makes a second
// queueing of one transition impossible; deliver.ts sends the rows after commit.

export async function queueMails(
  trx: Transaction<Database>,
  events: readonly { id: number; alert_id: number; reseller_id: number; client_id: number }[],
  ruleOf: RuleOf,
  now: number,
): Promise<void> {
  const rows = events.flatMap((e) => {
    const to = ruleOf(Number(e.reseller_id), Number(e.client_id)).recipients;
    if (to.length === 0) return [];
    return [
      {
        event_id: Number(e.id),
        alert_id: Number(e.alert_id),
        reseller_id: Number(e.reseller_id),
        client_id: Number(e.client_id),
        recipients: JSON.stringify(to),
        status: 'queued' as const,
        next_attempt_at: now,
      },
    ];
  });
  if (rows.length > 0) {
    await unscoped(trx, 'an alert transition of any tenant queues its e-mail')
      .insertInto('alert_mails')
      .values(rows)
      .execute();
  }
}
