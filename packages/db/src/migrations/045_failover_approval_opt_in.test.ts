import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, type TestDb } from '../testing';
import { down, up } from './045_failover_approval_opt_in';

// Migration 045 on the engine of the pass: the approval of production failover becomes opt-in.
// From the schema before it (down), a reseller that chose approval in its settings keeps it, the
// others (on only by the old default) are off, and a reseller added afterwards starts off.

let t: TestDb;
beforeAll(async () => {
  t = await openTestDb('m045');
});
afterAll(() => t.close());

const reseller = async (name: string) =>
  Number(
    (
      await t.dbh.db
        .insertInto('organisations')
        .values({ kind: 'reseller', name, name_lc: name.toLowerCase(), created_at: 1 })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  );
const approval = async (id: number) =>
  Number(
    (
      await t.dbh.db
        .selectFrom('organisations')
        .select('failover_approval')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).failover_approval,
  );

describe('045 failover approval opt-in', () => {
  it('keeps a chosen approval, turns the default one off, and starts new resellers off', async () => {
    await down(t.dbh.db);
    const chose = await reseller('Chose approval');
    const defaulted = await reseller('Never chose');
    expect([await approval(chose), await approval(defaulted)]).toEqual([1, 1]);
    await t.dbh.db
      .insertInto('audit_log')
      .values({
        at: 1,
        action: 'failover.approval_setting',
        target_type: 'organisation',
        target_id: String(chose),
        details: '{"old":false,"new":true}',
      })
      .execute();

    await up(t.dbh.db);
    expect(await approval(chose)).toBe(1);
    expect(await approval(defaulted)).toBe(0);
    expect(await approval(await reseller('Added later'))).toBe(0);
  });
});
