import { severityReaches } from '@lifeboat/contract';
import type { Database } from '@lifeboat/db';
import type { Insertable, Kysely } from 'kysely';
import type { AppContext } from '../../context';
import type { HandlerFor } from '../../operations/types';
import { unscoped } from '../../scope';
import { queueMails } from './outbox';
import { markQuiet } from './quiet';
import { loadRules } from './rules';

// Reminders (issue 27.2: "acknowledging stops reminders"): an open alert that nobody has
// acknowledged is e-mailed again every remind_hours of its rule's routing (0: never), counted
// from when it last told anyone (told_at: its opening, its reopening, its last reminder). A
// schedule like the evaluation's: each reminder is one transaction that moves told_at from the
// value read (a guarded update: of two instances, or a re-run after a crash, one wins and the
// other does nothing), records a 'reminded' timeline event and queues its e-mail through the
// outbox (queueMails), so it follows the rule's routing: one e-mail at once, or a line of the
// hourly or daily digest, held through quiet hours; deliver.ts sends it with the Message-ID of
// its row. Webhooks carry transitions only: a reminder changes nothing a ticket would record.
// A snoozed alert, or one in maintenance, is skipped without moving told_at: when the snooze
// ends, a reminder that fell due meanwhile goes at once.

export const ALERTS_REMIND = 'alerts.remind';
export const ALERTS_REMIND_MS = 5 * 60_000;
const HOUR = 3_600_000;
const BATCH = 500;

const why = 'the alert reminders read and remind the open alerts of every tenant';

type Event = Insertable<Database['alert_events']>;

/** When an alert told at `toldAt` is due for a reminder under `remindHours` (null: never). */
export function reminderDue(toldAt: number, remindHours: number): number | null {
  return remindHours > 0 ? toldAt + remindHours * HOUR : null;
}

/** The detail of a reminder event: the hours between reminders (the e-mail says it). */
export const reminderDetail = (remindHours: number): string => JSON.stringify({ remind_hours: remindHours });

/** Remind of every open, unacknowledged alert whose reminder is due at `now`; answers how many. */
export async function remindAlerts(db: Kysely<Database>, now: number): Promise<{ reminded: number }> {
  let reminded = 0;
  // Every rule reminds at most once an hour: younger tellings are not read.
  for (let after = 0; ; ) {
    const open = await unscoped(db, why)
      .selectFrom('alerts')
      .select(['id', 'reseller_id', 'client_id', 'severity', 'told_at', 'opened_at'])
      .where('resolved_at', 'is', null)
      .where('acknowledged_at', 'is', null)
      .where('told_at', '<=', now - HOUR)
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    const last = open.at(-1);
    if (!last) break;
    after = Number(last.id);
    const ruleOf = await loadRules(
      db,
      open.map((a) => ({ reseller_id: Number(a.reseller_id), client_id: Number(a.client_id) })),
    );
    const due = open.flatMap((a) => {
      const rule = ruleOf(Number(a.reseller_id), Number(a.client_id));
      const r = rule.routing;
      const at = reminderDue(Number(a.told_at ?? a.opened_at), r.remind_hours);
      // Nobody to tell (no recipients, or below the rule's e-mail severity): no reminder either.
      if (at === null || at > now || rule.recipients.length === 0) return [];
      if (!severityReaches(a.severity, r.email_min_severity)) return [];
      return [{ a, hours: r.remind_hours }];
    });
    if (due.length === 0) continue;
    await db.transaction().execute(async (trx) => {
      const u = unscoped(trx, why);
      const candidates: Event[] = due.map(({ a, hours }) => ({
        alert_id: Number(a.id),
        reseller_id: Number(a.reseller_id),
        client_id: Number(a.client_id),
        at: now,
        kind: 'reminded',
        detail: reminderDetail(hours),
      }));
      const quiet = await markQuiet(trx, candidates, now);
      for (const { a, hours } of due) {
        if (quiet.has(Number(a.id))) continue;
        const claimed = await u
          .updateTable('alerts')
          .set({ told_at: now })
          .where('id', '=', Number(a.id))
          .where('resolved_at', 'is', null)
          .where('acknowledged_at', 'is', null)
          .where('told_at', a.told_at === null ? 'is' : '=', a.told_at)
          .executeTakeFirst();
        // Another instance reminded first, or the alert was acknowledged or resolved meanwhile.
        if (Number(claimed.numUpdatedRows) !== 1) continue;
        const ev = await u
          .insertInto('alert_events')
          .values({
            alert_id: Number(a.id),
            reseller_id: Number(a.reseller_id),
            client_id: Number(a.client_id),
            at: now,
            kind: 'reminded',
            detail: reminderDetail(hours),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await queueMails(
          trx,
          [
            {
              id: Number(ev.id),
              alert_id: Number(a.id),
              reseller_id: Number(a.reseller_id),
              client_id: Number(a.client_id),
              severity: a.severity,
            },
          ],
          ruleOf,
          now,
        );
        reminded++;
      }
    });
  }
  return { reminded };
}

export function registerAlertReminders(ctx: Pick<AppContext, 'dbh' | 'operations'>): void {
  const handler: HandlerFor<typeof ALERTS_REMIND> = async ({ clock }) =>
    remindAlerts(ctx.dbh.db, clock.now());
  ctx.operations.register(ALERTS_REMIND, handler);
  ctx.operations.every({ key: ALERTS_REMIND, kind: ALERTS_REMIND, input: {}, everyMs: ALERTS_REMIND_MS });
}
