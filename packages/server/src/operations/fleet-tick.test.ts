import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildWorld, type World } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';
import { ensureFleetTicker, FLEET_TICK, registerFleetTick, tickIntervalMs } from './fleet-tick';

let t: TestApp;
let w: World;
beforeEach(async () => {
  t = await createTestApp({ simSpeed: 60 });
  w = await buildWorld(t.dbh.db, t.clock.now());
  registerFleetTick(t.ctx.operations, t.ctx);
  await t.dbh.db
    .insertInto('jobs')
    .values({ system_id: w.systemA1, name: 'Full system', type: 'SERVER_ALIVE_BMR', drives: '["C:"]' })
    .execute();
  await t.dbh.db
    .updateTable('protected_systems')
    .set({ next_backup_at: t.clock.now() - 1000 })
    .where('id', '=', w.systemA1)
    .execute();
});
afterEach(() => t.close());

const ticks = () =>
  t.dbh.db
    .selectFrom('operations')
    .select(['id', 'status', 'run_after'])
    .where('kind', '=', FLEET_TICK)
    .orderBy('id')
    .execute();

describe('fleet.tick', () => {
  it('scales its interval with the simulator speed, never below a second', () => {
    expect(tickIntervalMs(1)).toBe(60_000);
    expect(tickIntervalMs(60)).toBe(1000);
    expect(tickIntervalMs(600)).toBe(1000);
    expect(tickIntervalMs(0)).toBe(1000);
  });

  it('is enqueued once at start-up, advances the fleet and keeps exactly one successor queued', async () => {
    const e = t.ctx.operations;
    const first = await ensureFleetTicker(e, t.dbh.db);
    expect(first).toEqual(expect.any(Number));
    expect(await ensureFleetTicker(e, t.dbh.db)).toBeNull();

    expect(await e.runOnce()).toBe(1);
    const jobs = await t.dbh.db.selectFrom('job_history').select('system_id').execute();
    expect(jobs).toEqual([{ system_id: w.systemA1 }]);
    let list = await ticks();
    expect(list.map((r) => r.status)).toEqual(['succeeded', 'queued']);
    expect(Number(list[1]?.run_after)).toBe(t.clock.now() + 1000);

    expect(await e.runOnce()).toBe(0); // not due yet
    t.clock.advance(1000);
    expect(await e.runOnce()).toBe(1);
    list = await ticks();
    expect(list.filter((r) => r.status === 'queued')).toHaveLength(1);
    expect(await ensureFleetTicker(e, t.dbh.db)).toBeNull();
  });

  it('collapses two chains of ticks into one', async () => {
    const e = t.ctx.operations;
    await e.enqueue(t.dbh.db, { kind: FLEET_TICK, input: {} });
    await e.enqueue(t.dbh.db, { kind: FLEET_TICK, input: {} });
    await e.runOnce();
    const list = await ticks();
    expect(list.filter((r) => r.status === 'queued')).toHaveLength(1);
    expect(list.filter((r) => r.status === 'succeeded')).toHaveLength(2);
  });

  it('prunes ticks finished more than an hour ago', async () => {
    const e = t.ctx.operations;
    await ensureFleetTicker(e, t.dbh.db);
    await e.runOnce();
    t.clock.advance(2 * 3_600_000);
    await e.runOnce();
    const list = await ticks();
    expect(list.map((r) => r.status)).toEqual(['succeeded', 'queued']);
  });
});
