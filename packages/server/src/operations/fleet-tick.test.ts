import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildWorld, type World } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';
import { FLEET_TICK, registerFleetTick, tickIntervalMs } from './fleet-tick';

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

  it('runs on its schedule, advances the fleet and never has two runs queued', async () => {
    const e = t.ctx.operations;
    expect(await e.runOnce()).toBe(1); // due at start-up
    const jobs = await t.dbh.db.selectFrom('job_history').select('system_id').execute();
    expect(jobs).toEqual([{ system_id: w.systemA1 }]);
    const schedule = await t.dbh.db
      .selectFrom('schedules')
      .selectAll()
      .where('key', '=', FLEET_TICK)
      .executeTakeFirstOrThrow();
    expect(Number(schedule.next_run_at)).toBe(t.clock.now() + 1000);
    expect((await ticks()).map((r) => r.status)).toEqual(['succeeded']);

    expect(await e.runOnce()).toBe(0); // not due yet
    t.clock.advance(1000);
    expect(await e.runOnce()).toBe(1);
    expect((await ticks()).map((r) => r.status)).toEqual(['succeeded', 'succeeded']);
  });

  it('prunes ticks finished more than an hour ago', async () => {
    const e = t.ctx.operations;
    await e.runOnce();
    t.clock.advance(2 * 3_600_000);
    await e.runOnce();
    t.clock.advance(1000);
    await e.runOnce();
    expect((await ticks()).map((r) => r.status)).toEqual(['succeeded', 'succeeded']);
  });
});
