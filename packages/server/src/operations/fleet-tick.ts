import { type AdvanceResult, advanceFleet, SimulatedFabric } from '@lifeboat/fleet';
import type { AppContext } from '../context';
import type { OperationsEngine } from './engine';
import { lockSubject } from './subject-lock';
import type { Db } from './types';

// The fleet lives while the console runs: a `fleet.tick` operation advances it and enqueues the
// next tick in the same transaction as its own completion. Leasing makes one tick run at a time
// across every instance; a crashed tick is retried when its lease lapses.

export const FLEET_TICK = 'fleet.tick';
const TICK_LOCK = 'operations:fleet.tick';
/** Finished ticks kept for inspection before they are pruned. */
const KEEP_TICKS_MS = 3_600_000;

/** Real time between ticks: a minute at speed 1, a second at the demo's 60, never faster. */
export function tickIntervalMs(speed: number): number {
  return speed > 0 ? Math.max(1000, Math.round(60_000 / speed)) : 1000;
}

/** Is another tick queued or running (other than `exceptId`)? */
async function otherTick(db: Db, exceptId: number | null): Promise<boolean> {
  let q = db
    .selectFrom('operations')
    .select('id')
    .where('kind', '=', FLEET_TICK)
    .where('status', 'in', ['queued', 'running']);
  if (exceptId !== null) q = q.where('id', '<>', exceptId);
  return (await q.limit(1).executeTakeFirst()) !== undefined;
}

/** Enqueue a tick at start-up unless one is already queued or running; returns its id or null. */
export async function ensureFleetTicker(
  engine: OperationsEngine,
  db: Db,
  runAfter?: number,
): Promise<number | null> {
  return db.transaction().execute(async (trx) => {
    await lockSubject(trx, TICK_LOCK);
    if (await otherTick(trx, null)) return null;
    return engine.enqueue(trx, { kind: FLEET_TICK, input: {}, runAfter, maxAttempts: 1000 });
  });
}

export function registerFleetTick(
  engine: OperationsEngine,
  ctx: Pick<AppContext, 'dbh' | 'config' | 'fabric'>,
): void {
  const faults = ctx.fabric instanceof SimulatedFabric ? ctx.fabric.faults : undefined;
  engine.register(FLEET_TICK, async ({ op, clock, complete }) => {
    const now = clock.now();
    let advanced: AdvanceResult | null = null;
    try {
      advanced = await advanceFleet(ctx.dbh, now, { faults });
    } catch (err) {
      // A bad batch must not end the chain of ticks: log it and try again next tick.
      engine.log.error({ err }, 'advancing the fleet failed');
    }
    return complete(async (trx) => {
      await lockSubject(trx, TICK_LOCK);
      if (!(await otherTick(trx, op.id))) {
        await engine.enqueue(trx, {
          kind: FLEET_TICK,
          input: {},
          runAfter: now + tickIntervalMs(ctx.config.simSpeed),
          maxAttempts: 1000,
        });
      }
      await trx
        .deleteFrom('operations')
        .where('kind', '=', FLEET_TICK)
        .where('status', '=', 'succeeded')
        .where('run_after', '<', now - KEEP_TICKS_MS)
        .execute();
      return advanced;
    });
  });
}
