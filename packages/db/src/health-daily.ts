import type { Kysely } from 'kysely';
import type { Database } from './schema';

// Today's row of the 7-day healthy-systems chart (spec: dashboard 2.2 block 4), recounted for
// the resellers a batch touched: by the simulator's living fleet and by the sync of a backup
// source, so a reseller's restic systems are in the chart the day they arrive.
// Parked systems are left out of both counts.

const DAY = 86_400_000;

/** Midnight UTC of the day `t` falls in: the key of reseller_health_daily. */
export function dayStart(t: number): number {
  return Math.floor(t / DAY) * DAY;
}

export async function refreshResellerDaily(
  db: Kysely<Database>,
  resellerIds: number[],
  day: number,
): Promise<void> {
  if (resellerIds.length === 0) return;
  const counts = await db
    .selectFrom('protected_systems')
    .select((eb) => [
      'reseller_id',
      eb.fn.countAll<number>().as('total'),
      eb.fn.sum<number>(eb.case().when('health_status', '=', 'NORMAL').then(1).else(0).end()).as('healthy'),
    ])
    .where('reseller_id', 'in', resellerIds)
    .where('parked', '=', 0)
    .groupBy('reseller_id')
    .execute();
  for (const c of counts) {
    const row = { healthy: Number(c.healthy ?? 0), total: Number(c.total) };
    await db
      .insertInto('reseller_health_daily')
      .values({ reseller_id: Number(c.reseller_id), day, ...row })
      .onConflict((oc) => oc.columns(['reseller_id', 'day']).doUpdateSet(row))
      .execute();
  }
}
