import { ENTITY_COUNT_CAP, TABLE_SEARCH_MAX } from '@lifeboat/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWorld, TEST_PASSWORD, type World } from '../../test/factories';
import { call, createTestApp, loginAs, type Session, type TestApp } from '../../test/harness';
import { addSystem } from '../inventory/test-systems';
import { postForm } from './test-support';

// POST /{entity}/data on the real app: paging, search, filters, scope and row flags.

let t: TestApp;
let w: World;
const s: Record<string, Session> = {};

beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t.dbh.db, t.clock.now());
  // 23 more clients for reseller A, named so that paging and prefix search have something to do.
  const now = t.clock.now();
  for (let i = 1; i <= 23; i++) {
    const name = `${i % 2 ? 'Acme' : 'Birch'} ${String(i).padStart(2, '0')}`;
    await t.dbh.db
      .insertInto('organisations')
      .values({
        kind: 'client',
        parent_id: w.resellerA,
        reseller_id: w.resellerA,
        distributor_id: w.distributor,
        name,
        name_lc: name.toLowerCase(),
        created_at: now,
      })
      .execute();
  }
  for (const u of ['staff', 'dist', 'resa', 'resb', 'clia1']) s[u] = await loginAs(t.app, u, TEST_PASSWORD);
});
afterAll(() => t.close());

const list = (who: string, entity: string, form: Record<string, string | number> = {}) =>
  postForm(t.app, s[who]!, `/${entity}/data`, form);
const names = (res: { json: () => { content: { name: string }[] } }) => res.json().content.map((r) => r.name);

describe('POST /client/data', () => {
  it('pages a reseller’s clients by name with a total', async () => {
    const p1 = await list('resa', 'client', { rows: 10, page: 1 });
    expect(p1.statusCode).toBe(200);
    const body = p1.json();
    expect(body.records_count).toBe(25);
    expect(body.records_count_capped).toBe(false);
    expect(body.content).toHaveLength(10);
    expect(names(p1)[0]).toBe('Acme 01');
    const p3 = await list('resa', 'client', { rows: 10, page: 3 });
    expect(names(p3)).toEqual(['Birch 18', 'Birch 20', 'Birch 22', 'Client A1', 'Client A2']);
    // The last page tells the total by itself; a page past the end still counts.
    expect(p3.json().records_count).toBe(25);
    const past = (await list('resa', 'client', { rows: 10, page: 4 })).json();
    expect(past).toMatchObject({ content: [], records_count: 25, page: 4 });
    const all = [...names(p1), ...names(await list('resa', 'client', { rows: 10, page: 2 })), ...names(p3)];
    expect(new Set(all).size).toBe(25);
    expect([...all].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()))).toEqual(all);
  });

  it('searches any part of the name, case-insensitively, and says when nothing matches', async () => {
    const res = await list('resa', 'client', { search: 'BIRCH 1', rows: 25 });
    expect(names(res)).toEqual(['Birch 10', 'Birch 12', 'Birch 14', 'Birch 16', 'Birch 18']);
    expect(res.json().records_count).toBe(5);
    const none = await list('resa', 'client', { search: 'zzz' });
    expect(none.json()).toMatchObject({ content: [], records_count: 0 });
    expect(none.json().empty_desc).toMatch(/no client matches/i);
    // Any part of the name (issue 18 point 12); one or two characters match the start only.
    expect(names(await list('resa', 'client', { search: 'cme', rows: 25 }))).toHaveLength(12);
    expect(names(await list('resa', 'client', { search: 'RCH 2', rows: 25 }))).toEqual([
      'Birch 20',
      'Birch 22',
    ]);
    expect(names(await list('resa', 'client', { search: 'ac', rows: 25 }))).toHaveLength(12);
    expect(names(await list('resa', 'client', { search: 'me' }))).toEqual([]);
  });

  it('refuses a search longer than 128 characters and other bad paging with 400', async () => {
    const long = await list('resa', 'client', { search: 'a'.repeat(TABLE_SEARCH_MAX + 1) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/128/);
    expect((await list('resa', 'client', { search: 'a'.repeat(TABLE_SEARCH_MAX) })).statusCode).toBe(200);
    expect((await list('resa', 'client', { rows: 7 })).statusCode).toBe(400);
    expect((await list('resa', 'client', { page: 0 })).statusCode).toBe(400);
    expect((await list('resa', 'client', { page: 'x' })).statusCode).toBe(400);
  });

  it('shows a reseller only its own clients, with counts, health and row flags', async () => {
    const b = await list('resb', 'client');
    expect(names(b)).toEqual(['Client B1']);
    const row = b.json().content[0];
    expect(row).toMatchObject({
      id: w.clientB1,
      devices: 1,
      appliances: 1,
      health_status: 'NORMAL',
      unprotected_systems: 0,
      can_edit: true,
      can_delete: false,
      can_details: true,
    });
    const a = await list('resa', 'client', { search: 'acme 01' });
    expect(a.json().content[0]).toMatchObject({ devices: 0, health_status: null, can_delete: true });
  });

  it('gives a client user its own client only, without edit or delete', async () => {
    const res = await list('clia1', 'client');
    expect(res.json().content).toHaveLength(1);
    expect(res.json().content[0]).toMatchObject({ id: w.clientA1, can_edit: false, can_delete: false });
  });

  it('filters by reseller in scope and answers 404 for a reseller of another organisation', async () => {
    expect(names(await list('dist', 'client', { reseller_id: w.resellerB }))).toEqual(['Client B1']);
    expect((await list('resb', 'client', { reseller_id: w.resellerA })).statusCode).toBe(404);
    expect((await list('resa', 'client', { reseller_id: w.clientA1 })).statusCode).toBe(404);
  });

  it('answers 404 on every table for a reseller or client filter outside the caller’s scope', async () => {
    const tables = ['distributor', 'reseller', 'client', 'appliance', 'vault', 'user', 'license'];
    const got: string[] = [];
    for (const table of tables) {
      for (const [who, form] of [
        ['resb', { reseller_id: w.resellerA }],
        ['resb', { client_id: w.clientA1 }],
        ['clia1', { reseller_id: w.resellerB }],
        ['resa', { client_id: w.resellerA }],
        ['resa', { reseller_id: w.clientA1 }],
      ] as const) {
        const r = await list(who, table, form);
        if (r.statusCode !== 404) got.push(`${table} ${who} ${JSON.stringify(form)}: ${r.statusCode}`);
      }
    }
    expect(got).toEqual([]);
  });

  it('reads an id filter as decimal digits only: 0x10 is not 16', async () => {
    for (const bad of ['0x10', '1e1', '+1', ' 1', '0b1']) {
      const r = await list('dist', 'client', { reseller_id: bad });
      expect(r.statusCode, bad).toBe(400);
    }
    expect(names(await list('dist', 'client', { reseller_id: String(w.resellerB) }))).toEqual(['Client B1']);
  });

  it('filters by health: clients with a system in that health', async () => {
    await t.dbh.db
      .updateTable('protected_systems')
      .set({ health_status: 'UNPROTECTED' })
      .where('id', '=', w.systemA2)
      .execute();
    const unprotected = (search: string) => list('resa', 'client', { health_status: 'UNPROTECTED', search });
    expect(names(await unprotected('client'))).toEqual(['Client A2']);
    // Its row says how many of its systems are unprotected, whatever its worst health.
    expect((await unprotected('client')).json().content[0]).toMatchObject({ unprotected_systems: 1 });
    // "Unprotected" also takes a client with no system at all (issue 18.10: the dashboard's count).
    expect(names(await unprotected('acme 01'))).toEqual(['Acme 01']);
    expect(names(await list('resa', 'client', { health_status: 'TROUBLED' }))).toEqual([]);
  });
});

describe('the other tables', () => {
  it('lists resellers and distributors within scope', async () => {
    expect(names(await list('staff', 'reseller'))).toEqual(['Reseller A', 'Reseller B']);
    expect(names(await list('dist', 'reseller'))).toEqual(['Reseller A', 'Reseller B']);
    const own = await list('resa', 'reseller');
    expect(own.json().content).toMatchObject([
      { id: w.resellerA, clients: 25, devices: 2, distributor_name: 'Distributor' },
    ]);
    expect(names(await list('clia1', 'reseller'))).toEqual([]);
    // Only distributors and staff edit resellers.
    expect(own.json().content[0].can_edit).toBe(false);
    expect((await list('dist', 'reseller')).json().content[0]).toMatchObject({
      can_edit: true,
      // The test world grants its resellers everything (test/factories.ts).
      can_create_client: true,
    });
    expect(names(await list('staff', 'distributor'))).toEqual(['Distributor']);
    expect(names(await list('resa', 'distributor'))).toEqual([]);
  });

  it('lists appliances and licenses within scope, finds one by serial, and offers support to resellers', async () => {
    const a = await list('resa', 'appliance');
    expect(a.json().content).toMatchObject([
      { id: w.applianceA1, sid: 'a1a1a1', client_name: 'Client A1', devices: 1, can_support: true },
    ]);
    expect(names(await list('resb', 'appliance', { search: 'a1a1a1' }))).toEqual([]);
    expect(names(await list('staff', 'appliance', { search: 'b1b1b1' }))).toEqual(['APP-b1b1b1']);
    expect((await list('clia1', 'appliance')).json().content[0].can_support).toBe(false);
    expect(names(await list('dist', 'appliance'))).toEqual(['APP-a1a1a1', 'APP-b1b1b1']);
    expect((await list('dist', 'appliance', { rows: 10 })).json().records_count).toBe(2);
    const lic = await list('resa', 'license');
    expect(lic.json().content).toMatchObject([
      { id: w.applianceA1, used_servers: 1, license_name: 'Storage 4 TB' },
    ]);
  });

  it('lists users within scope: reseller sees its own and its clients’ users', async () => {
    const users = (await list('resa', 'user', { rows: 25 }))
      .json()
      .content.map((u: { username: string }) => u.username);
    expect(users.sort()).toEqual(['clia1', 'resa']);
    const cli = (await list('clia1', 'user')).json().content;
    expect(cli.map((u: { username: string }) => u.username)).toEqual(['clia1']);
    const staff = await list('staff', 'user', { search: 'res' });
    expect(staff.json().content.map((u: { username: string }) => u.username)).toEqual(['resa', 'resb']);
    const dist = (await list('dist', 'user', { rows: 10 })).json();
    expect(dist.content.map((u: { username: string }) => u.username)).toEqual([
      'clia1',
      'clib1',
      'dist',
      'resa',
      'resb',
    ]);
    expect(dist.records_count).toBe(5);
    // Past the end the count query runs (a distributor's starts from its organisations).
    expect((await list('dist', 'user', { page: 2 })).json()).toMatchObject({ content: [], records_count: 5 });
    expect((await list('dist', 'appliance', { page: 2 })).json()).toMatchObject({
      content: [],
      records_count: 2,
    });
    const byReseller = await list('dist', 'user', { reseller_id: w.resellerA, rows: 25 });
    expect(
      byReseller
        .json()
        .content.map((u: { username: string }) => u.username)
        .sort(),
    ).toEqual(['clia1', 'resa']);
    expect((await list('resb', 'user', { reseller_id: w.resellerA })).statusCode).toBe(404);
    // Query parameters work too (links), the body winning.
    const q = await postForm(t.app, s.staff!, '/user/data?search=resb', {});
    expect(q.json().content.map((u: { username: string }) => u.username)).toEqual(['resb']);
    const won = await postForm(t.app, s.staff!, '/user/data?search=resb&rows=25', { search: 'resa' });
    expect(won.json()).toMatchObject({ rows: 25, content: [{ username: 'resa' }] });
    // No body at all: the query and the defaults.
    const bare = await call(t.app, s.staff!, { method: 'POST', url: '/user/data?search=resb' });
    expect(bare.statusCode).toBe(200);
    expect(bare.json()).toMatchObject({ page: 1, rows: 10, content: [{ username: 'resb' }] });
    // A user never gets delete on its own row.
    expect(cli[0]).toMatchObject({ can_edit: true, can_delete: false });
  });

  it('searches users by any part of the name, or by the start of the user name with an @', async () => {
    await t.dbh.db
      .insertInto('users')
      .values({
        organisation_id: w.clientA1,
        username: 'jamie@acme.example',
        name: 'Front Desk',
        password_hash: 'x',
        level: 0,
        created_at: t.clock.now(),
      })
      .execute();
    const by = async (search: string) =>
      (await list('resa', 'user', { search })).json().content.map((u: { username: string }) => u.username);
    expect(await by('front')).toEqual(['jamie@acme.example']);
    expect(await by('JAMIE@acme')).toEqual(['jamie@acme.example']);
    expect(await by('jamie')).toEqual([]);
    expect(await by('desk')).toEqual(['jamie@acme.example']);
    expect(await by('acme.example')).toEqual([]);
  });

  it('keeps the admin users and support appliances to the provider’s staff', async () => {
    const admin = await list('staff', 'admin_user');
    expect(admin.json().content.map((u: { username: string }) => u.username)).toEqual(['staff']);
    // The staff tables need the manage_platform right (contract rights.ts): 403 with a sentence.
    expect((await list('resa', 'admin_user')).statusCode).toBe(403);
    const dist = await list('dist', 'support_appliance');
    expect(dist.statusCode).toBe(403);
    expect(dist.json().message).toBe("Only the provider's staff can do this.");
    expect((await list('staff', 'support_appliance')).json().records_count).toBe(2);
  });

  it('lists vaults: cloud vaults for everyone, private ones for their reseller, with device counts', async () => {
    const now = t.clock.now();
    const v = async (name: string, reseller_id: number | null) =>
      (
        await t.dbh.db
          .insertInto('vaults')
          .values({ name, reseller_id, vault_type: reseller_id ? 'private' : 'cloud', created_at: now })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const cloud = await v('Cloud East', null);
    await v('Private B', w.resellerB);
    await t.dbh.db
      .insertInto('system_vaults')
      .values([
        { system_id: w.systemA1, vault_id: cloud },
        { system_id: w.systemB1, vault_id: cloud },
      ])
      .execute();
    const a = await list('resa', 'vault');
    expect(a.json().content).toMatchObject([{ name: 'Cloud East', servers: 1, workstations: 0 }]);
    expect(names(await list('resb', 'vault'))).toEqual(['Cloud East', 'Private B']);
    expect(names(await list('clia1', 'vault'))).toEqual([]);
  });

  it('lists a reseller the vaults and figures of its dashboard: one definition, NAS with the servers', async () => {
    const now = t.clock.now();
    const unused = (
      await t.dbh.db
        .insertInto('vaults')
        .values({ name: 'Cloud Unused', reseller_id: null, vault_type: 'cloud', created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const cloud = (
      await t.dbh.db
        .selectFrom('vaults')
        .select('id')
        .where('name', '=', 'Cloud East')
        .executeTakeFirstOrThrow()
    ).id;
    const nas = await addSystem(t.dbh.db, now, {
      reseller_id: w.resellerA,
      client_id: w.clientA1,
      name: 'NAS-A1',
      device_type: 'nas',
    });
    await t.dbh.db.insertInto('system_vaults').values({ system_id: nas, vault_id: cloud }).execute();
    const page = (await list('resa', 'vault')).json().content;
    const dashboard = (
      await call(t.app, s.resa!, {
        method: 'POST',
        url: `/reseller/dashboard/vaults/${w.resellerA}/1/10`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: '',
      })
    ).json().content;
    const figures = (rows: { name: string; servers: number; workstations: number }[]) =>
      rows.map((r) => ({ name: r.name, servers: r.servers, workstations: r.workstations }));
    expect(figures(page)).toEqual([{ name: 'Cloud East', servers: 2, workstations: 0 }]);
    expect(figures(page)).toEqual(figures(dashboard));
    // The dashboard's link (?reseller_id=) gives the same rows; another reseller is a 404.
    expect(figures((await list('resa', 'vault', { reseller_id: w.resellerA })).json().content)).toEqual(
      figures(page),
    );
    expect((await list('resa', 'vault', { reseller_id: w.resellerB })).statusCode).toBe(404);
    // The provider's staff see every vault, a reseller's through its filter.
    expect(names(await list('staff', 'vault'))).toContain('Cloud Unused');
    expect(names(await list('staff', 'vault', { reseller_id: w.resellerA }))).toEqual(['Cloud East']);
    await t.dbh.db.deleteFrom('system_vaults').where('system_id', '=', nas).execute();
    await t.dbh.db.deleteFrom('protected_systems').where('id', '=', nas).execute();
    await t.dbh.db.deleteFrom('vaults').where('id', '=', unused).execute();
  });

  it('caps the count instead of counting the platform', async () => {
    const now = t.clock.now();
    const rows = Array.from({ length: ENTITY_COUNT_CAP + 5 }, (_, i) => ({
      kind: 'client' as const,
      parent_id: w.resellerB,
      reseller_id: w.resellerB,
      distributor_id: w.distributor,
      name: `Bulk ${i}`,
      name_lc: `bulk ${i}`,
      created_at: now,
    }));
    for (let i = 0; i < rows.length; i += 200)
      await t.dbh.db
        .insertInto('organisations')
        .values(rows.slice(i, i + 200))
        .execute();
    const res = (await list('resb', 'client', { page: 2, rows: 100 })).json();
    expect(res).toMatchObject({ records_count: ENTITY_COUNT_CAP, records_count_capped: true, page: 2 });
    expect(res.content).toHaveLength(100);
    await t.dbh.db.deleteFrom('organisations').where('name_lc', 'like', 'bulk %').execute();
  });
});
