import { ManualClock } from '@lifeboat/contract';
import type { DbHandle } from '@lifeboat/db';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OperationsEngine } from './engine';
import { nextRunAt } from './scheduler';
import { openTwoHandles, testKinds } from './test-helpers';

// Schedules: a row per schedule, claimed with a guarded update. Two instances with their own
// connections (two pools on PostgreSQL, two handles on one SQLite file) race for the same due
// run; an instance that stopped and starts again after the due time runs it once. Time is a
// ManualClock shared by both.

const T0 = Date.UTC(2026, 10, 20, 12, 0, 0);
const EVERY = 60_000;
let first: DbHandle;
let second: DbHandle;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  const two = await openTwoHandles('ops_sched');
  ({ first, second } = two);
  cleanup = two.close;
});
afterAll(() => cleanup());

let clock: ManualClock;
let runs: string[];
const engines: OperationsEngine<typeof testKinds>[] = [];

/** An instance with its own connection, the `beat` schedule and a handler that counts runs. */
function instance(dbh: DbHandle, name: string) {
  const e = new OperationsEngine({ dbh, clock, kinds: testKinds, workerId: name });
  e.register('beat', async () => {
    runs.push(name);
    return null;
  });
  e.every({ key: 'test.beat', kind: 'beat', input: {}, everyMs: EVERY });
  engines.push(e);
  return e;
}

const beats = () =>
  first.db.selectFrom('operations').select(['id', 'status']).where('kind', '=', 'beat').execute();

afterEach(async () => {
  for (const e of engines.splice(0)) await e.stop(100);
  await first.db.deleteFrom('schedules').execute();
  await first.db.deleteFrom('operations').execute();
});

describe('schedules', () => {
  it('keep to their grid: the next run is the first one after now', () => {
    expect(nextRunAt(T0, EVERY, T0)).toBe(T0 + EVERY);
    expect(nextRunAt(T0, EVERY, T0 + EVERY - 1)).toBe(T0 + EVERY);
    expect(nextRunAt(T0, EVERY, T0 + 10.5 * EVERY)).toBe(T0 + 11 * EVERY);
    expect(nextRunAt(T0 + EVERY, EVERY, T0)).toBe(T0 + EVERY);
  });

  it('run a due schedule once when two instances race for it', async () => {
    clock = new ManualClock(T0);
    runs = [];
    const a = instance(first, 'a');
    const b = instance(second, 'b');
    for (let round = 0; round < 5; round++) {
      await Promise.all([a.runOnce(), b.runOnce(), a.runOnce(), b.runOnce()]);
      expect(runs).toHaveLength(round + 1);
      clock.advance(EVERY);
    }
    expect((await beats()).every((r) => r.status === 'succeeded')).toBe(true);
    expect(await beats()).toHaveLength(5);
  });

  it('run once after a restart past the due time, and keep the grid', async () => {
    clock = new ManualClock(T0);
    runs = [];
    const before = instance(first, 'before');
    expect(await before.runOnce()).toBe(1);
    await before.stop(100);
    // Down for ten and a half intervals: the missed runs collapse into one.
    clock.advance(10.5 * EVERY);
    const after = instance(second, 'after');
    expect(await after.runOnce()).toBe(1);
    expect(await after.runOnce()).toBe(0);
    expect(runs).toEqual(['before', 'after']);
    const row = await first.db.selectFrom('schedules').selectAll().executeTakeFirstOrThrow();
    expect(Number(row.next_run_at)).toBe(T0 + 11 * EVERY);
    clock.advance(EVERY / 2);
    expect(await after.runOnce()).toBe(1);
    expect(runs).toHaveLength(3);
  });

  it('start no run while the previous one is still queued', async () => {
    clock = new ManualClock(T0);
    runs = [];
    // An instance that declares the schedule but has no worker slot for it leaves its run queued.
    const idle = new OperationsEngine({ dbh: first, clock, kinds: testKinds, heartbeatConcurrency: 0 });
    idle.register('beat', async () => null);
    idle.every({ key: 'test.beat', kind: 'beat', input: {}, everyMs: EVERY });
    engines.push(idle);
    await idle.runOnce();
    clock.advance(3 * EVERY);
    await idle.runOnce();
    expect((await beats()).map((r) => r.status)).toEqual(['queued']);
    const worker = instance(second, 'worker');
    await worker.runOnce(); // runs the queued one; the schedule is due, its run was in flight
    expect(runs).toEqual(['worker']);
    await worker.runOnce(); // now the next one starts
    expect(runs).toEqual(['worker', 'worker']);
  });
});
