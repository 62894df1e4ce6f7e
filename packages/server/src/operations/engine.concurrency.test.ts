import { ManualClock } from '@lifeboat/contract';
import type { DbHandle } from '@lifeboat/db';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { OperationsEngine } from './engine';
import { openTwoHandles, testKinds, waitFor } from './test-helpers';

// Two workers with their own connections (two pools on PostgreSQL, two handles on one SQLite
// file) lease from the same table at the same time: no operation may run twice.

let first: DbHandle;
let second: DbHandle;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  const two = await openTwoHandles('ops_conc');
  ({ first, second } = two);
  cleanup = two.close;
});
afterAll(() => cleanup());

it('never runs the same operation twice when two workers lease concurrently', async () => {
  const clock = new ManualClock(Date.UTC(2026, 10, 20, 12));
  const runs = new Map<number, string[]>();
  const workers = [first, second].map((dbh, i) => {
    const e = new OperationsEngine({
      dbh,
      clock,
      kinds: testKinds,
      workerId: `w${i}`,
      pollMs: 2,
      concurrency: 4,
    });
    e.register('work', async ({ op }) => {
      runs.set(op.id, [...(runs.get(op.id) ?? []), `w${i}`]);
      await new Promise((r) => setTimeout(r, 2 + (op.id % 5)));
      return i;
    });
    return e;
  });
  const total = 80;
  for (let n = 0; n < total; n++) await workers[0]?.enqueue(first.db, { kind: 'work', input: { n } });
  for (const w of workers) w.start();
  const done = async () => {
    const r = await first.db
      .selectFrom('operations')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'succeeded')
      .executeTakeFirstOrThrow();
    return Number(r.n) === total;
  };
  await waitFor(done, 20_000);
  for (const w of workers) await w.stop();

  expect(runs.size).toBe(total);
  for (const [, by] of runs) expect(by).toHaveLength(1);
  const byWorker = [...runs.values()].flat();
  expect(byWorker.filter((w) => w === 'w0').length).toBeGreaterThan(0);
  expect(byWorker.filter((w) => w === 'w1').length).toBeGreaterThan(0);
  const attempts = await first.db.selectFrom('operations').select('attempts').distinct().execute();
  expect(attempts.map((a) => Number(a.attempts))).toEqual([1]);
});
