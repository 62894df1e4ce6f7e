import type { Database } from '@lifeboat/db';
import type { Kysely } from 'kysely';
import type { PortFaults } from './faults';
import { intBetween } from './random';

// The living fleet's appliance outages (issue 18.8: an appliance's offline history). When the
// fleet fault `appliance_outage` strikes an online appliance at a tick, the appliance goes offline
// for a seeded 15 to 180 minutes: its `online` flag drops and an offline period opens; the first
// tick after the planned end brings it back and closes the period. An appliance offline without
// a planned end (the generator's long outages) stays offline: nothing here brings it back.

type Db = Kysely<Database>;

const MINUTE = 60_000;

/** How long an outage that starts at `startedAt` lasts (deterministic). */
export function outageLength(applianceId: number, startedAt: number): number {
  return intBetween(15, 180, 'outage', applianceId, startedAt) * MINUTE;
}

export interface OutageResult {
  wentOffline: number;
  cameBack: number;
}

export async function advanceOutages(
  db: Db,
  now: number,
  faults?: PortFaults<'fleet'>,
): Promise<OutageResult> {
  const result: OutageResult = { wentOffline: 0, cameBack: 0 };
  // Back online: the fleet's own outages whose planned end has passed.
  const ending = await db
    .selectFrom('appliance_offline_periods')
    .select(['id', 'appliance_id', 'planned_end_at'])
    .where('ended_at', 'is', null)
    .where('planned_end_at', 'is not', null)
    .where('planned_end_at', '<=', now)
    .execute();
  for (const p of ending) {
    await db.transaction().execute(async (trx) => {
      // Guarded: a second instance's tick that read the same period closes nothing twice.
      const closed = await trx
        .updateTable('appliance_offline_periods')
        .set({ ended_at: Number(p.planned_end_at) })
        .where('id', '=', p.id)
        .where('ended_at', 'is', null)
        .executeTakeFirst();
      if (Number(closed.numUpdatedRows) !== 1) return;
      await trx.updateTable('appliances').set({ online: 1 }).where('id', '=', p.appliance_id).execute();
      result.cameBack++;
    });
  }
  if (!faults) return result;
  const online = await db
    .selectFrom('appliances')
    .select(['id', 'reseller_id', 'client_id'])
    .where('online', '=', 1)
    .orderBy('id')
    .execute();
  for (const a of online) {
    const applianceId = Number(a.id);
    if (!faults.strikes('appliance_outage', { systemId: 0, applianceId })) continue;
    await db.transaction().execute(async (trx) => {
      const dropped = await trx
        .updateTable('appliances')
        .set({ online: 0 })
        .where('id', '=', applianceId)
        .where('online', '=', 1)
        .executeTakeFirst();
      if (Number(dropped.numUpdatedRows) !== 1) return;
      await trx
        .insertInto('appliance_offline_periods')
        .values({
          reseller_id: Number(a.reseller_id),
          client_id: Number(a.client_id),
          appliance_id: applianceId,
          started_at: now,
          ended_at: null,
          planned_end_at: now + outageLength(applianceId, now),
        })
        .execute();
      result.wentOffline++;
    });
  }
  return result;
}
