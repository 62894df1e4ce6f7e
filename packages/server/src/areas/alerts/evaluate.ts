import type { Database } from '@lifeboat/db';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context';
import { nextTurn } from '../../operations/turn';
import type { HandlerFor } from '../../operations/types';
import { applyHolding, emptyTally, resolveCleared, type Tally } from './apply';
import { observeSystems, offlineBatch, systemBatch } from './observe';
import { RESOURCE_READERS } from './observe-resources';
import { loadRules } from './rules';

// The evaluation is the console's scheduled work (issue 27.2): a schedule claimed once per period
// across instances and restarts (operations/scheduler.ts). It walks the systems, the open
// offline periods and the other subjects (storage, offices, approvals, exports) in batches,
// applies what holds, then resolves what was not seen. Each batch ends with a turn of the event
// loop (operations/turn.ts): a console of one process answers its requests in between.

export const ALERTS_EVALUATE = 'alerts.evaluate';
export const ALERTS_EVALUATE_MS = 60_000;

/** One evaluation of every condition of every subject at `now`. */
export async function evaluateAlerts(db: Kysely<Database>, now: number): Promise<Tally> {
  const tally = emptyTally();
  for (let after = 0; ; ) {
    const systems = await systemBatch(db, after);
    const last = systems.at(-1);
    if (!last) break;
    const ruleOf = await loadRules(db, systems);
    await applyHolding(db, await observeSystems(db, systems, ruleOf, now), ruleOf, now, tally);
    after = last.id;
    await nextTurn();
  }
  for (let after = 0; ; ) {
    const batch = await offlineBatch(db, after, (owners) => loadRules(db, owners), now);
    if (batch.lastId === null) break;
    await applyHolding(db, batch.observations, batch.ruleOf, now, tally);
    after = batch.lastId;
    await nextTurn();
  }
  for (const read of RESOURCE_READERS) {
    for (let after = 0; ; ) {
      const batch = await read(db, after, (owners) => loadRules(db, owners), now);
      if (batch.lastId === null) break;
      await applyHolding(db, batch.observations, batch.ruleOf, now, tally);
      after = batch.lastId;
      await nextTurn();
    }
  }
  await resolveCleared(db, now, tally);
  return tally;
}

export function registerAlertEvaluation(ctx: Pick<AppContext, 'dbh' | 'operations'>): void {
  const handler: HandlerFor<typeof ALERTS_EVALUATE> = async ({ clock }) =>
    evaluateAlerts(ctx.dbh.db, clock.now());
  ctx.operations.register(ALERTS_EVALUATE, handler);
  ctx.operations.every({
    key: ALERTS_EVALUATE,
    kind: ALERTS_EVALUATE,
    input: {},
    everyMs: ALERTS_EVALUATE_MS,
  });
}
