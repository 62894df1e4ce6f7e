import type { QuietReason } from '@lifeboat/contract';
import type { Database } from '@lifeboat/db';
import type { Insertable, Transaction } from 'kysely';
import { unscoped } from '../../scope';

// Snoozes and maintenance windows (issue 27.2): while one holds for an alert's system, appliance,
// client or reseller, the alert's transitions are still recorded (the timeline says why nobody
// was told) but no message is queued. Read per batch of transitions in the transaction that
// makes them: one read of the alerts' subjects by id and one of the resellers' snoozes holding
// at `now` (index alert_snoozes_reseller_end).

type Event = Insertable<Database['alert_events']>;

const why = 'the alerts evaluation checks the snoozes of every tenant';

/** The event's detail when a snooze kept it quiet (read back by the timeline). */
export function quietDetail(q: QuietReason): string {
  return JSON.stringify({ quiet: q });
}

/** The quiet reason stored in an event's detail, or null. */
export function readQuiet(detail: string | null): QuietReason | null {
  if (!detail) return null;
  try {
    const q = (JSON.parse(detail) as { quiet?: QuietReason }).quiet;
    return q && typeof q.until === 'number' ? q : null;
  } catch {
    return null;
  }
}

/**
 * Mark the events whose alert is snoozed or in maintenance at `now` (their detail says so) and
 * answer those alerts' ids: the caller tells nobody of them.
 */
export async function markQuiet(
  trx: Transaction<Database>,
  events: Event[],
  now: number,
): Promise<Set<number>> {
  const quiet = new Set<number>();
  if (events.length === 0) return quiet;
  const u = unscoped(trx, why);
  const snoozes = await u
    .selectFrom('alert_snoozes')
    .select(['reseller_id', 'client_id', 'target_type', 'target_id', 'target_name', 'kind', 'ends_at'])
    .where('reseller_id', 'in', [...new Set(events.map((e) => Number(e.reseller_id)))])
    .where('ends_at', '>', now)
    .where('starts_at', '<=', now)
    .execute();
  if (snoozes.length === 0) return quiet;
  const alerts = await u
    .selectFrom('alerts')
    .select(['id', 'subject_type', 'subject_id'])
    .where('id', 'in', [...new Set(events.map((e) => Number(e.alert_id)))])
    .execute();
  const subject = new Map(alerts.map((a) => [Number(a.id), a]));
  for (const e of events) {
    const a = subject.get(Number(e.alert_id));
    const hit = snoozes
      .filter(
        (s) =>
          Number(s.reseller_id) === Number(e.reseller_id) &&
          (s.target_type === 'reseller' ||
            (s.target_type === 'client' && Number(s.target_id) === Number(e.client_id)) ||
            (a !== undefined &&
              s.target_type === a.subject_type &&
              Number(s.target_id) === Number(a.subject_id))),
      )
      // The one that holds longest is what the timeline names.
      .sort((x, y) => Number(y.ends_at) - Number(x.ends_at))[0];
    if (!hit) continue;
    e.detail = quietDetail({ kind: hit.kind, target_name: hit.target_name, until: Number(hit.ends_at) });
    quiet.add(Number(e.alert_id));
  }
  return quiet;
}
