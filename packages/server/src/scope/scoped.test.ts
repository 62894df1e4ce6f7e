import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUserByUsername, toActor } from '../areas/session/repository';
import { NotFoundError } from '../http/errors';
import { buildWorld, type World } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';
import type { Actor } from './actor';
import {
  ofSystem,
  ofSystems,
  parentOf,
  rowsRead,
  systemsPage,
  thresholdsOf,
  throughSystem,
} from './conditions';
import { scoped, unscoped } from './scoped';

let t: TestApp;
let w: World;
const actors: Record<string, Actor> = {};
beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t.dbh.db, t.clock.now());
  for (const name of ['staff', 'dist', 'resa', 'resb', 'clia1']) {
    const u = await findUserByUsername(t.dbh.db, name);
    actors[name] = toActor(u!, 0);
  }
});
afterAll(() => t.close());

const ids = (rows: { id: number }[]) => rows.map((r) => Number(r.id)).sort((a, b) => a - b);

describe('scoped()', () => {
  it('restricts the table in FROM, whatever its alias', async () => {
    const systems = (a: Actor) =>
      scoped(t.dbh.db, a).selectFrom('protected_systems as ps').select('ps.id').execute();
    expect(ids(await systems(actors.resb!))).toEqual([w.systemB1]);
    const ofClient = await scoped(t.dbh.db, actors.clia1!)
      .selectFrom('protected_systems')
      .select('client_id')
      .execute();
    expect(ofClient.length).toBeGreaterThan(0);
    expect(ofClient.every((r) => Number(r.client_id) === w.clientA1)).toBe(true);
    expect(ids(await systems(actors.staff!))).toEqual(
      [w.systemA1, w.systemA2, w.systemB1].sort((a, b) => a - b),
    );
  });

  it('restricts child tables through their system', async () => {
    const jobs = (a: Actor) => scoped(t.dbh.db, a).selectFrom('jobs').select('system_id as id').execute();
    const foreign = (await jobs(actors.resb!)).filter((r) => r.id !== w.systemB1);
    expect(foreign).toEqual([]);
    const all = await unscoped(t.dbh.db, 'test').selectFrom('jobs').select('id').execute();
    expect((await jobs(actors.staff!)).length).toBe(all.length);
  });

  it('leaves another tenant\u2019s rows untouched by update and delete', async () => {
    const res = await scoped(t.dbh.db, actors.resb!)
      .updateTable('protected_systems')
      .set({ parked: 1 })
      .where('id', '=', w.systemA1)
      .executeTakeFirst();
    expect(Number(res.numUpdatedRows)).toBe(0);
    const del = await scoped(t.dbh.db, actors.resb!)
      .deleteFrom('jobs')
      .where('system_id', '=', w.systemA1)
      .executeTakeFirst();
    expect(Number(del.numDeletedRows)).toBe(0);
  });

  it('refuses an insert outside the actor\u2019s scope, and asks for the parent when it cannot tell', async () => {
    const a1 = await unscoped(t.dbh.db, 'test')
      .selectFrom('protected_systems')
      .selectAll()
      .where('id', '=', w.systemA1)
      .executeTakeFirstOrThrow();
    const row = { scope_kind: 'system' as const, scope_id: a1.id, kind: 'server', minutes: 600 };
    expect(() => scoped(t.dbh.db, actors.resb!).insertInto('thresholds').values(row).compile()).toThrow(
      /parent row/,
    );
    const other = {
      scope_kind: 'reseller' as const,
      scope_id: Number(a1.reseller_id),
      kind: 'server',
      minutes: 600,
    };
    expect(() => scoped(t.dbh.db, actors.resb!).insertInto('thresholds').values(other).compile()).toThrow(
      NotFoundError,
    );
    expect(() =>
      scoped(t.dbh.db, actors.resa!, a1).insertInto('thresholds').values(row).compile(),
    ).not.toThrow();
    expect(() =>
      scoped(t.dbh.db, actors.dist!, a1).insertInto('thresholds').values(row).compile(),
    ).not.toThrow();
  });
});

describe('conditions from rows loaded in scope', () => {
  const loaded = (id: number) =>
    unscoped(t.dbh.db, 'test')
      .selectFrom('protected_systems')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('reads a loaded system\u2019s child rows by one equality, without the subquery over the actor\u2019s systems', async () => {
    const a1 = await loaded(w.systemA1);
    const one = scoped(t.dbh.db, actors.dist!).within(ofSystem(a1, 'jobs')).selectFrom('jobs').select('id');
    expect(one.compile().sql).not.toMatch(/protected_systems/);
    expect(one.compile().sql).toMatch(/"jobs"\."system_id" = /);
    const none = scoped(t.dbh.db, actors.dist!).within(ofSystems([], 'jobs')).selectFrom('jobs').select('id');
    expect(await none.execute()).toEqual([]);
    const byId = scoped(t.dbh.db, actors.dist!)
      .within(rowsRead([a1], 'ps'))
      .selectFrom('protected_systems as ps');
    expect(ids(await byId.select('ps.id').execute())).toEqual([w.systemA1]);
  });

  it('finds the thresholds above a system: its own, its client\u2019s and its reseller\u2019s', async () => {
    const a1 = await loaded(w.systemA1);
    const rows = [
      { scope_kind: 'system' as const, scope_id: w.systemA1 },
      { scope_kind: 'client' as const, scope_id: w.clientA1 },
      { scope_kind: 'reseller' as const, scope_id: w.resellerA },
      { scope_kind: 'system' as const, scope_id: w.systemA2 },
      { scope_kind: 'client' as const, scope_id: w.clientA2 },
      { scope_kind: 'reseller' as const, scope_id: w.resellerB },
    ].map((r) => ({ ...r, kind: 'workstation', minutes: 600 }));
    const db = unscoped(t.dbh.db, 'test');
    await db.insertInto('thresholds').values(rows).execute();
    try {
      const found = await scoped(t.dbh.db, actors.resa!)
        .within(thresholdsOf(a1))
        .selectFrom('thresholds')
        .select(['scope_kind', 'scope_id'])
        .where('kind', '=', 'workstation')
        .execute();
      expect(found.map((r) => `${r.scope_kind}:${r.scope_id}`).sort()).toEqual(
        [`client:${w.clientA1}`, `reseller:${w.resellerA}`, `system:${w.systemA1}`].sort(),
      );
    } finally {
      await db.deleteFrom('thresholds').where('kind', '=', 'workstation').execute();
    }
  });

  it('reaches a system\u2019s client and appliance, and no appliance for a direct-to-cloud system', async () => {
    const [a1, a2] = [await loaded(w.systemA1), await loaded(w.systemA2)];
    const s = scoped(t.dbh.db, actors.clia1!).within(
      parentOf(a1, 'client', 'o'),
      parentOf(a1, 'appliance', 'a'),
    );
    expect(ids(await s.selectFrom('organisations as o').select('o.id').execute())).toEqual([w.clientA1]);
    expect(ids(await s.selectFrom('appliances as a').select('a.id').execute())).toEqual([w.applianceA1]);
    const d2c = scoped(t.dbh.db, actors.resa!).within(parentOf(a2, 'appliance', 'a'));
    expect(await d2c.selectFrom('appliances as a').select('a.id').execute()).toEqual([]);
  });

  it('checks a child row on its joined system, and pages systems as the default does', async () => {
    const db = unscoped(t.dbh.db, 'test');
    const at = t.clock.now();
    await db
      .insertInto('health_history')
      .values([w.systemA1, w.systemB1].map((system_id) => ({ system_id, started_at: at, health: 'CHECK' })))
      .execute();
    try {
      const seen = (a: Actor) =>
        scoped(t.dbh.db, a)
          .within(throughSystem(a, 'h', 'ps'))
          .selectFrom('health_history as h')
          .innerJoin('protected_systems as ps', 'ps.id', 'h.system_id')
          .select('h.system_id as id')
          .where('h.health', '=', 'CHECK')
          .execute();
      expect(ids(await seen(actors.resb!))).toEqual([w.systemB1]);
      expect(ids(await seen(actors.clia1!))).toEqual([w.systemA1]);
    } finally {
      await db.deleteFrom('health_history').where('health', '=', 'CHECK').execute();
    }
    for (const name of ['staff', 'dist', 'resa', 'clia1']) {
      const a = actors[name]!;
      const page = scoped(t.dbh.db, a)
        .within(systemsPage(a))
        .selectFrom('protected_systems as ps')
        .select('ps.id');
      const all = scoped(t.dbh.db, a).selectFrom('protected_systems as ps').select('ps.id');
      expect(ids(await page.execute())).toEqual(ids(await all.execute()));
    }
  });
});
