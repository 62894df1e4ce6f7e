import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postForm } from '../areas/entities/test-support';
import { addSystem } from '../areas/inventory/test-systems';
import { buildWorld, insertOrg, TEST_PASSWORD, type World } from '../test/factories';
import { call, createTestApp, loginAs, type Session, type TestApp } from '../test/harness';

// Search finds any part of a name (issue 18 point 12) in the dashboard, the inventory, the entity
// tables and the wizard's client picker, from the substring index of migration 020 (FTS5 trigram on
// SQLite, pg_trgm on PostgreSQL), kept in step with renames and deletions; and never another
// tenant's rows.

let t: TestApp;
let w: World;
const s: Record<string, Session> = {};
let acmeA: number;
let acmeB: number;

beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t.dbh.db, t.clock.now());
  const db = t.dbh.db;
  const now = t.clock.now();
  acmeA = await addSystem(db, now, {
    reseller_id: w.resellerA,
    client_id: w.clientA1,
    name: 'XYZ-ACMEWORKS',
  });
  acmeB = await addSystem(db, now, { reseller_id: w.resellerB, client_id: w.clientB1, name: 'BK01-ACME' });
  await insertOrg(db, now, {
    kind: 'client',
    parent_id: w.resellerA,
    reseller_id: w.resellerA,
    distributor_id: w.distributor,
    name: 'Northwind Acme Ltd',
  } as never);
  await insertOrg(db, now, {
    kind: 'client',
    parent_id: w.resellerB,
    reseller_id: w.resellerB,
    distributor_id: w.distributor,
    name: 'Southside ACME plc',
  } as never);
  for (const u of ['staff', 'resa', 'resb']) s[u] = await loginAs(t.app, u, TEST_PASSWORD);
});
afterAll(() => t.close());

const inventory = async (who: string, search: string) =>
  (
    await call(t.app, s[who]!, {
      method: 'GET',
      url: `/devices/inventory/PROTECTED?search=${encodeURIComponent(search)}`,
    })
  )
    .json()
    .rows.map((r: { name: string }) => r.name);

const dashboard = async (who: string, reseller: number, search: string) => {
  const res = await postForm(t.app, s[who]!, `/reseller/dashboard/protected_systems/${reseller}/1/10`, {
    search: JSON.stringify(search),
  });
  expect(res.statusCode).toBe(200);
  return res.json().content.map((r: { name: string }) => r.name);
};

const entity = async (who: string, kind: string, search: string) =>
  (await postForm(t.app, s[who]!, `/${kind}/data`, { search, rows: 25 }))
    .json()
    .content.map((r: { name: string }) => r.name);

describe('name search', () => {
  it('finds the middle and the end of a name in the inventory and the dashboard, in scope only', async () => {
    expect(await inventory('resb', 'acme')).toEqual(['BK01-ACME']);
    expect(await inventory('resa', 'acme')).toEqual(['XYZ-ACMEWORKS']);
    expect(await inventory('staff', 'ACME')).toEqual(['BK01-ACME', 'XYZ-ACMEWORKS']);
    expect(await inventory('resa', 'bk01')).toEqual([]);
    expect(await dashboard('resb', w.resellerB, 'k01-ac')).toEqual(['BK01-ACME']);
    expect(await dashboard('resa', w.resellerA, 'acme')).toEqual(['XYZ-ACMEWORKS']);
    // Another reseller's dashboard stays out of reach, searched or not.
    const foreign = await postForm(
      t.app,
      s.resa!,
      `/reseller/dashboard/protected_systems/${w.resellerB}/1/10`,
      {
        search: JSON.stringify('acme'),
      },
    );
    expect(foreign.statusCode).toBe(404);
  });

  it('matches one or two characters at the start of the name only', async () => {
    expect(await inventory('resb', 'bk')).toEqual(['BK01-ACME']);
    expect(await inventory('resb', 'me')).toEqual([]);
  });

  it('takes the search literally: quotes and LIKE wildcards match themselves', async () => {
    for (const who of ['staff', 'resb'])
      for (const q of ['"acme', 'a%e', '___', 'ac"me', "a'cm"]) expect(await inventory(who, q)).toEqual([]);
  });

  it('follows a rename and a deletion', async () => {
    await t.dbh.db
      .updateTable('protected_systems')
      .set({ name: 'BK01-ZENITH', name_lc: 'bk01-zenith' })
      .where('id', '=', acmeB)
      .execute();
    // Staff search the whole platform through the index; a reseller's own rows are scanned.
    for (const who of ['resb', 'staff']) {
      expect(await inventory(who, 'bk01-a')).toEqual([]);
      expect(await inventory(who, 'enit')).toEqual(['BK01-ZENITH']);
    }
    await t.dbh.db.deleteFrom('protected_systems').where('id', '=', acmeA).execute();
    expect(await inventory('resa', 'acme')).toEqual([]);
    expect(await inventory('staff', 'acme')).toEqual([]);
  });

  it('finds a text in thousands of names as well as a rare one', async () => {
    // Over 2,000 matches SQLite walks the name index instead of the trigram index (name-search.ts).
    for (let i = 0; i < 2100; i++)
      await addSystem(t.dbh.db, t.clock.now(), {
        reseller_id: w.resellerB,
        client_id: w.clientB1,
        name: `DENSE-${String(i).padStart(4, '0')}`,
      });
    const dense = await inventory('staff', 'ense-');
    expect(dense.slice(0, 3)).toEqual(['DENSE-0000', 'DENSE-0001', 'DENSE-0002']);
    expect(await inventory('staff', 'nse-2099')).toEqual(['DENSE-2099']);
    expect(await inventory('resa', 'ense-')).toEqual([]);
  });

  it('finds clients, appliances and users by any part of the name, in scope only', async () => {
    expect(await entity('resa', 'client', 'acme')).toEqual(['Northwind Acme Ltd']);
    expect(await entity('resb', 'client', 'acme')).toEqual(['Southside ACME plc']);
    expect(await entity('staff', 'client', 'acme')).toEqual(['Northwind Acme Ltd', 'Southside ACME plc']);
    // The factories' appliances are APP-<serial>.
    expect(await entity('resa', 'appliance', 'a1a1')).toEqual(['APP-a1a1a1']);
    expect(await entity('resb', 'appliance', 'a1a1')).toEqual([]);
    // The factories' users are named by their user name in capitals (RESA, RESB...).
    const users = (await postForm(t.app, s.staff!, '/user/data', { search: 'esb', rows: 25 })).json().content;
    expect(users.map((u: { username: string }) => u.username)).toEqual(['resb']);
    const own = (await postForm(t.app, s.resa!, '/user/data', { search: 'esb', rows: 25 })).json().content;
    expect(own).toEqual([]);
  });

  it("finds clients by any part of the name in the wizard's client picker", async () => {
    const picker = await call(t.app, s.resa!, {
      method: 'GET',
      url: `/reseller/get_reseller_clients/${w.resellerA}?search=ind%20ac`,
    });
    expect(picker.json().table_data.data.map((c: { name: string }) => c.name)).toEqual([
      'Northwind Acme Ltd',
    ]);
    const foreign = await call(t.app, s.resa!, {
      method: 'GET',
      url: `/reseller/get_reseller_clients/${w.resellerB}?search=acme`,
    });
    expect(foreign.statusCode).toBe(404);
  });
});
