import { DEFAULT_ALERT_RULE } from '@lifeboat/contract';
import type { Database } from '@lifeboat/db';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context';
import type { HandlerFor } from '../../operations/types';
import { applyHolding, emptyTally, resolveCleared, type Tally } from './apply';
import { observeSystems, offlineBatch, type RuleOf, systemBatch } from './observe';

// The evaluation is the console's scheduled work (issue 27.2): a schedule claimed once per period
// across instances and restarts (operations/scheduler.ts). It walks the systems and the open
// offline periods in batches, applies what holds, then resolves what was not seen.

export const ALERTS_EVALUATE = 'alerts.evaluate';
export const ALERTS_EVALUATE_MS = 60_000;

/** Every rule is the default one until resellers write theirs. */
const defaultRules: RuleOf = () => DEFAULT_ALERT_RULE;

/** One evaluation of every condition of every subject at `now`. */
export async function evaluateAlerts(
  db: Kysely<Database>,
  now: number,
  ruleOf: RuleOf = defaultRules,
): Promise<Tally> {
  const tally = emptyTally();
  for (let after = 0; ; ) {
    const systems = await systemBatch(db, after);
    const last = systems.at(-1);
    if (!last) break;
    await applyHolding(db, await observeSystems(db, systems, ruleOf, now), now, tally);
    after = last.id;
  }
  for (let after = 0; ; ) {
    const { observations, lastId } = await offlineBatch(db, after, ruleOf, now);
    if (lastId === null) break;
    await applyHolding(db, observations, now, tally);
    after = lastId;
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
