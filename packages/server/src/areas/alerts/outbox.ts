import { createHash } from 'node:crypto';
import { mailSchedule, severityReaches } from '@lifeboat/contract';
import type { Database } from '@lifeboat/db';
import type { Transaction } from 'kysely';
import { unscoped } from '../../scope';
import type { RuleOf } from './observe';

// Queue the e-mail of each alert transition (issue 27.4) in the transaction that makes it, to the
// recipients of the rule that applies to the alert's client, routed by that rule (issue 27.3):
// nothing below its e-mail severity; at once ('queued'), or held for its digest (hourly, daily,
// or the end of quiet hours) under the digest's key. The unique event_id makes a second queueing
// of one transition impossible; deliver.ts sends the queued rows and digest.ts the held ones.

export interface ToldEvent {
  id: number;
  alert_id: number;
  reseller_id: number;
  client_id: number;
  /** The alert's severity. */
  severity: string;
}

/** The key of one digest e-mail: same reseller, period, time, zone and recipients. */
export function digestKey(
  resellerId: number,
  period: string,
  due: number,
  tz: string,
  to: readonly string[],
): string {
  const text = JSON.stringify([resellerId, period, due, tz, [...to].sort()]);
  return createHash('sha256').update(text).digest('hex');
}

export async function queueMails(
  trx: Transaction<Database>,
  events: readonly ToldEvent[],
  ruleOf: RuleOf,
  now: number,
): Promise<void> {
  const rows = events.flatMap((e) => {
    const rule = ruleOf(Number(e.reseller_id), Number(e.client_id));
    const to = rule.recipients;
    const r = rule.routing;
    if (to.length === 0 || !severityReaches(e.severity, r.email_min_severity)) return [];
    const { period, due } = mailSchedule(now, r);
    const held = period !== 'now';
    return [
      {
        event_id: Number(e.id),
        alert_id: Number(e.alert_id),
        reseller_id: Number(e.reseller_id),
        client_id: Number(e.client_id),
        recipients: JSON.stringify(to),
        status: held ? ('held' as const) : ('queued' as const),
        next_attempt_at: due,
        digest_key: held ? digestKey(Number(e.reseller_id), period, due, r.time_zone, to) : null,
        digest_period: held ? period : null,
        time_zone: held ? r.time_zone : null,
      },
    ];
  });
  // SQLite's statement limit: a burst is inserted in slices.
  for (let i = 0; i < rows.length; i += 200) {
    await unscoped(trx, 'an alert transition of any tenant queues its e-mail')
      .insertInto('alert_mails')
      .values(rows.slice(i, i + 200))
      .execute();
  }
}
