import type { Database } from '@lifeboat/db';
import { dialectOf } from '@lifeboat/db';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARE_END } from './expiry-handlers';
import { type RecoveryFixture, recoveryFixture } from './test-fixture';

// Races on a share (issue 18, points 1 and 2): the same system exposed by several requests at
// once, and a removal that commits while the activation is writing. PostgreSQL first: it is the
// engine several instances share; SQLite runs the same steps (its transactions are serialised).

let f: RecoveryFixture;
beforeAll(async () => {
  f = await recoveryFixture();
});
afterAll(() => f.t.close());

const pointSecond = (ms: number) => `${Math.floor(ms / 1000)}000`;
const expose = (drive: string) =>
  f.post(
    'resa',
    `/ra/expose_cifs_share/${f.w.applianceA1}/${f.jobA1}/${pointSecond(f.pointsA1[1]?.taken_at ?? 0)}/${drive}`,
  );
const statusOf = async (id: number) =>
  (await f.t.dbh.db.selectFrom('cifs_shares').select('status').where('id', '=', id).executeTakeFirstOrThrow())
    .status;
const openShares = async () =>
  f.t.dbh.db
    .selectFrom('cifs_shares')
    .select('id')
    .where('system_id', '=', f.w.systemA1)
    .where('status', 'in', ['exposing', 'active'])
    .execute();
const drain = async () => {
  while ((await f.t.ctx.operations.runOnce()) > 0) {}
};

/**
 * A database handle whose inserts into cifs_shares wait until `n` requests are about to insert
 * (or a short time passed): the widest window between "is a share open?" and the insert.
 */
function meetBeforeShareInsert(db: Kysely<Database>, n: number): Kysely<Database> {
  let arrived = 0;
  let all = () => {};
  const together = new Promise<void>((r) => {
    all = r;
  });
  const meet = async () => {
    if (++arrived === n) all();
    await Promise.race([together, new Promise((r) => setTimeout(r, 150))]);
  };
  const wrap = <T extends object>(builder: T): T =>
    new Proxy(builder, {
      get(target, prop) {
        const value = Reflect.get(target, prop);
        if (typeof value !== 'function') return value;
        if (typeof prop === 'string' && prop.startsWith('execute'))
          return async (...args: unknown[]) => {
            await meet();
            return value.apply(target, args);
          };
        return (...args: unknown[]) => {
          const out = value.apply(target, args);
          return out && typeof out === 'object' && 'execute' in out ? wrap(out) : out;
        };
      },
    });
  // scoped() adds its guard with withPlugin: the handle it gets back meets as well.
  const meeting = (handle: Kysely<Database>): Kysely<Database> =>
    new Proxy(handle, {
      get(target, prop) {
        const value = Reflect.get(target, prop);
        if (prop === 'withPlugin')
          return (...args: Parameters<Kysely<Database>['withPlugin']>) => meeting(target.withPlugin(...args));
        if (prop === 'insertInto')
          return (table: keyof Database) => {
            const builder = target.insertInto(table);
            return table === 'cifs_shares' ? wrap(builder) : builder;
          };
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  return meeting(db);
}

describe('one share per system under concurrency', () => {
  it('five simultaneous exposures of one system open one share; the others are told which', async () => {
    const dbh = f.t.ctx.dbh;
    const db = dbh.db;
    dbh.db = meetBeforeShareInsert(db, 5);
    let answers: { ok: boolean; shareId?: number; exposed_share_id?: number }[];
    try {
      answers = await Promise.all(
        ['C%3A', 'D%3A', 'C%3A', 'null', 'D%3A'].map(async (d) => (await expose(d)).json()),
      );
    } finally {
      dbh.db = db;
    }
    const opened = answers.filter((a) => a.ok === true);
    expect(opened).toHaveLength(1);
    const shareId = opened[0]?.shareId;
    expect(answers.filter((a) => a.ok === false)).toEqual(
      Array(4).fill(expect.objectContaining({ exposed_share_id: shareId })),
    );
    expect(await openShares()).toEqual([{ id: shareId }]);
    await f.get('resa', `/share/suppress_cifs_share/${shareId}`);
    await drain();
    expect(await openShares()).toEqual([]);
  });
});

describe('a removed share stays removed', () => {
  it('a removal acknowledged while the activation is writing wins', async () => {
    // Independent of the test above: no share of the system is open.
    await f.t.dbh.db
      .updateTable('cifs_shares')
      .set({ status: 'expired' })
      .where('status', 'in', ['exposing', 'active'])
      .execute();
    await drain();
    const created = (await expose('C%3A')).json();
    expect(created.ok).toBe(true);
    const id: number = created.shareId;

    // Hold the removal's transaction open after its update, where it queues the unmount.
    const ops = f.t.ctx.operations;
    const enqueue = ops.enqueue.bind(ops);
    let release = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    let holderPid = -1;
    let reached = () => {};
    const atGate = new Promise<void>((r) => {
      reached = r;
    });
    ops.enqueue = async (trx, spec) => {
      if (spec.kind === SHARE_END && spec.subjectId === id) {
        if (dialectOf(trx) === 'postgres')
          holderPid =
            (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx)).rows[0]?.pid ?? -1;
        reached();
        await gate;
      }
      return enqueue(trx, spec);
    };
    try {
      const removal = f.get('resa', `/share/suppress_cifs_share/${id}`);
      await atGate;
      const activation = ops.runOnce();
      if (holderPid > 0) {
        let blocked = false;
        // PostgreSQL: the activation has read 'exposing' and now waits for the removal's row lock.
        for (let i = 0; i < 500; i++) {
          const waiting = await sql<{ n: number }>`
            select count(*)::int as n from pg_stat_activity where ${holderPid} = any(pg_blocking_pids(pid))`.execute(
            f.t.dbh.db,
          );
          blocked = (waiting.rows[0]?.n ?? 0) > 0;
          if (blocked) break;
          await new Promise((r) => setTimeout(r, 10));
        }
        expect(blocked).toBe(true);
      }
      release();
      expect((await removal).json()).toMatchObject({ ok: true, dialogTitle: 'Share unmounted' });
      await activation;
    } finally {
      ops.enqueue = enqueue;
      release();
    }
    expect(await statusOf(id)).toBe('suppressed');
    await drain();
    expect(await statusOf(id)).toBe('suppressed');
    const pending = await f.t.dbh.db
      .selectFrom('operations')
      .select('id')
      .where('subject_type', '=', 'cifs_share')
      .where('subject_id', '=', id)
      .where('status', 'in', ['queued', 'running'])
      .execute();
    expect(pending).toEqual([]);
  });
});
