import { FabricError, ManualClock } from '@lifeboat/contract';
import { openTestDb, type TestDb } from '@lifeboat/db';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OperationsEngine, type OperationsEngineOptions } from './engine';
import { LeaseLostError, OperationError } from './errors';
import { deferred, testKinds, waitFor } from './test-helpers';
import type { OperationHandler } from './types';

// The engine on the suite's engine (SQLite in memory, or an isolated PostgreSQL schema in the
// PostgreSQL pass), with a ManualClock: time moves by hand, nothing sleeps.

const T0 = Date.UTC(2026, 10, 20, 12, 0, 0);
let tdb: TestDb;
let clock: ManualClock;
type TestEngine = OperationsEngine<typeof testKinds>;
const engines: TestEngine[] = [];

const engine = (extra: Partial<OperationsEngineOptions<typeof testKinds>> = {}) => {
  const e = new OperationsEngine({ dbh: tdb.dbh, clock, pollMs: 10, kinds: testKinds, ...extra });
  engines.push(e);
  return e;
};
const row = (id: number) =>
  tdb.dbh.db.selectFrom('operations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

beforeEach(async () => {
  tdb = await openTestDb('ops_test');
  clock = new ManualClock(T0);
});
afterEach(async () => {
  for (const e of engines.splice(0)) await e.stop(100);
  await tdb.close();
});

describe('OperationsEngine', () => {
  it('runs an enqueued operation and stores its result', async () => {
    const e = engine();
    e.register('echo', async ({ input }) => ({ echoed: input }));
    const id = await e.enqueue(tdb.dbh.db, {
      kind: 'echo',
      input: { n: 1 },
      resellerId: 7,
      subjectType: 'x',
      subjectId: 3,
    });
    expect((await e.get(id))?.status).toBe('queued');
    clock.advance(5);
    expect(await e.runOnce()).toBe(1);
    const op = await e.get(id);
    expect(op).toMatchObject({
      status: 'succeeded',
      progress: 100,
      result: { echoed: { n: 1 } },
      attempts: 1,
      resellerId: 7,
      subjectId: 3,
      finishedAt: T0 + 5,
    });
    expect((await row(id)).lease_owner).toBeNull();
  });

  it('creates nothing when the request transaction rolls back', async () => {
    const e = engine();
    await expect(
      tdb.dbh.db.transaction().execute(async (trx) => {
        await e.enqueue(trx, { kind: 'echo', input: {} });
        throw new Error('request failed');
      }),
    ).rejects.toThrow('request failed');
    const n = await tdb.dbh.db.selectFrom('operations').select('id').execute();
    expect(n).toHaveLength(0);
  });

  it('does not run an operation before run_after, nor a kind it has no handler for', async () => {
    const e = engine();
    e.register('echo', async () => 'ok');
    await e.enqueue(tdb.dbh.db, { kind: 'echo', input: {}, runAfter: T0 + 1000 });
    await e.enqueue(tdb.dbh.db, { kind: 'other', input: {} });
    expect(await e.runOnce()).toBe(0);
    clock.advance(1000);
    expect(await e.runOnce()).toBe(1);
    expect(await e.runOnce()).toBe(0);
  });

  it('persists progress and renews the lease with it', async () => {
    const e = engine({ leaseMs: 10_000 });
    const gate = deferred();
    const reported = deferred();
    e.register('slow', async ({ progress }) => {
      clock.advance(4000);
      await progress(40.4, 'Booting the virtual machine');
      reported.resolve();
      await gate.promise;
      return null;
    });
    const id = await e.enqueue(tdb.dbh.db, { kind: 'slow', input: {} });
    const run = e.runOnce();
    await reported.promise;
    const mid = await row(id);
    expect(mid).toMatchObject({ status: 'running', progress: 40, step: 'Booting the virtual machine' });
    expect(Number(mid.lease_expires_at)).toBe(T0 + 4000 + 10_000);
    gate.resolve();
    await run;
    expect((await row(id)).status).toBe('succeeded');
  });

  it('retries with backoff, then fails with a readable error after max attempts', async () => {
    const e = engine();
    let calls = 0;
    e.register('flaky', async () => {
      calls++;
      throw new Error('SQLITE_BUSY: internal detail');
    });
    const id = await e.enqueue(tdb.dbh.db, { kind: 'flaky', input: {}, maxAttempts: 3 });
    await e.runOnce();
    let r = await row(id);
    expect(r).toMatchObject({ status: 'queued', attempts: 1, lease_owner: null });
    expect(Number(r.run_after)).toBe(T0 + 2000);
    expect(r.error).not.toContain('SQLITE');
    expect(await e.runOnce()).toBe(0);
    clock.advance(2000);
    await e.runOnce();
    r = await row(id);
    expect(r).toMatchObject({ status: 'queued', attempts: 2 });
    expect(Number(r.run_after)).toBe(T0 + 2000 + 4000);
    clock.advance(4000);
    await e.runOnce();
    r = await row(id);
    expect(r).toMatchObject({ status: 'failed', attempts: 3 });
    expect(r.error).toMatch(/failed unexpectedly/);
    expect(Number(r.finished_at)).toBe(T0 + 6000);
    expect(calls).toBe(3);
  });

  it('fails at once on a fault that is not retryable, and retries one that is', async () => {
    const e = engine();
    e.register('offline', async () => {
      throw new FabricError('APPLIANCE_OFFLINE', 'The appliance of FS01 is offline.');
    });
    e.register('busy', async ({ op }) => {
      if (op.attempts === 1) throw new FabricError('RP_IN_USE', 'The restore point is in use.', true);
      return 'done';
    });
    e.register('refused', async () => {
      throw new OperationError('This system has no restore point to verify.');
    });
    const a = await e.enqueue(tdb.dbh.db, { kind: 'offline', input: {} });
    const b = await e.enqueue(tdb.dbh.db, { kind: 'busy', input: {} });
    const c = await e.enqueue(tdb.dbh.db, { kind: 'refused', input: {} });
    await e.runOnce();
    expect(await row(a)).toMatchObject({
      status: 'failed',
      attempts: 1,
      error: 'The appliance of FS01 is offline.',
    });
    expect(await row(c)).toMatchObject({
      status: 'failed',
      error: 'This system has no restore point to verify.',
    });
    expect(await row(b)).toMatchObject({ status: 'queued', error: 'The restore point is in use.' });
    clock.advance(2000);
    await e.runOnce();
    expect(await row(b)).toMatchObject({ status: 'succeeded', attempts: 2, error: null, result: '"done"' });
  });

  it('lets another worker take over a lapsed lease and refuses the old worker’s late writes', async () => {
    const leaseMs = 30_000;
    const a = engine({ workerId: 'A', leaseMs });
    const b = engine({ workerId: 'B', leaseMs });
    const gate = deferred();
    const started = deferred();
    let lateProgress: unknown = null;
    const handler: OperationHandler = async (ctx) => {
      if (ctx.op.attempts === 1) {
        started.resolve();
        await gate.promise;
        lateProgress = await ctx.progress(90).catch((err: unknown) => err);
      }
      return ctx.complete(async (trx) => {
        await trx
          .insertInto('audit_log')
          .values({ at: clock.now(), action: 'test.side_effect', target_id: String(ctx.op.attempts) })
          .execute();
        return { by: ctx.op.attempts };
      });
    };
    a.register('job', handler);
    b.register('job', handler);
    const id = await a.enqueue(tdb.dbh.db, { kind: 'job', input: {} });
    const runA = a.runOnce();
    await started.promise;
    expect(await b.runOnce()).toBe(0); // A's lease is still valid
    clock.advance(leaseMs + 1); // A's process "froze": its lease lapses
    expect(await b.runOnce()).toBe(1);
    expect(await row(id)).toMatchObject({ status: 'succeeded', attempts: 2, result: '{"by":2}' });
    gate.resolve();
    await runA;
    expect(lateProgress).toBeInstanceOf(LeaseLostError);
    // A's completion (and the side effect in its transaction) was refused.
    expect(await row(id)).toMatchObject({ status: 'succeeded', attempts: 2, result: '{"by":2}' });
    const effects = await tdb.dbh.db.selectFrom('audit_log').select('target_id').execute();
    expect(effects).toEqual([{ target_id: '2' }]);
  });

  it('fails an operation whose workers kept dying rather than run it forever', async () => {
    const e = engine();
    e.register('crashy', async () => 'never');
    const id = await e.enqueue(tdb.dbh.db, { kind: 'crashy', input: {}, maxAttempts: 2 });
    await tdb.dbh.db
      .updateTable('operations')
      .set({ status: 'running', attempts: 2, lease_owner: 'dead', lease_expires_at: T0 - 1 })
      .where('id', '=', id)
      .execute();
    await e.runOnce();
    expect(await row(id)).toMatchObject({
      status: 'failed',
      attempts: 3,
      error: 'The operation was interrupted too many times.',
    });
  });

  it('polls by itself once started, and stop() hands an unfinished operation back', async () => {
    const e = engine({ leaseMs: 60_000 });
    e.register('quick', async () => 'ok');
    let aborted = false;
    e.register('stuck', ({ signal }) => {
      signal.addEventListener('abort', () => {
        aborted = true;
      });
      return new Promise(() => {});
    });
    e.start();
    const q = await e.enqueue(tdb.dbh.db, { kind: 'quick', input: {} });
    e.wake();
    await waitFor(async () => (await row(q)).status === 'succeeded');
    const s = await e.enqueue(tdb.dbh.db, { kind: 'stuck', input: {} });
    e.wake();
    await waitFor(async () => (await row(s)).status === 'running');
    await e.stop(50);
    expect(aborted).toBe(true);
    expect(await row(s)).toMatchObject({ status: 'queued', attempts: 0, lease_owner: null });
  });

  it('parses the input by its schema when leased and checks the result; a bad one fails', async () => {
    const e = engine();
    e.register('typed', async ({ input }) => ({ twice: input.n * 2 }));
    const ok = await e.enqueue(tdb.dbh.db, { kind: 'typed', input: { n: 21 } });
    // Rows written by an older version (or by hand) are not trusted: the schema runs at lease.
    const bad = await tdb.dbh.db
      .insertInto('operations')
      .values({
        kind: 'typed',
        status: 'queued',
        input: '{"n":"x"}',
        run_after: T0,
        created_at: T0,
        updated_at: T0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await e.runOnce();
    expect(await row(ok)).toMatchObject({ status: 'succeeded', result: '{"twice":42}' });
    expect(await row(Number(bad.id))).toMatchObject({
      status: 'failed',
      error: 'The operation was queued with an input it cannot run.',
    });

    const wrong = engine({ workerId: 'wrong' });
    // A handler that escapes its types (here through a cast) still cannot store a bad result.
    wrong.register('typed', async () => ({ twice: 'many' }) as unknown as { twice: number });
    const w = await wrong.enqueue(tdb.dbh.db, { kind: 'typed', input: { n: 1 } });
    await wrong.runOnce();
    expect(await row(w)).toMatchObject({
      status: 'failed',
      error: 'The operation finished with an unexpected result.',
    });
  });

  it('keeps a heartbeat slot: a due heartbeat runs while long work fills every work slot', async () => {
    const e = engine({ concurrency: 2, leaseMs: 60_000 });
    const release = deferred();
    e.register('work', async () => {
      await release.promise;
      return null;
    });
    e.register('beat', async () => 'beat');
    for (let n = 0; n < 5; n++) await e.enqueue(tdb.dbh.db, { kind: 'work', input: { n } });
    e.start();
    await waitFor(async () => {
      const running = await tdb.dbh.db
        .selectFrom('operations')
        .select('id')
        .where('status', '=', 'running')
        .execute();
      return running.length === 2;
    });
    const beat = await e.enqueue(tdb.dbh.db, { kind: 'beat', input: {} });
    e.wake();
    await waitFor(async () => (await row(beat)).status === 'succeeded');
    const queued = await tdb.dbh.db
      .selectFrom('operations')
      .select('id')
      .where('kind', '=', 'work')
      .where('status', '=', 'queued')
      .execute();
    expect(queued).toHaveLength(3); // the long work still waits for its own slots
    release.resolve();
  });
});
