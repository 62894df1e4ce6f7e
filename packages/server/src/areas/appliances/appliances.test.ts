import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWorld, TEST_PASSWORD, type World } from '../../test/factories';
import { call, createTestApp, loginAs, type Session, type TestApp } from '../../test/harness';

// The appliance and vault pages' calls on the real app (issue 18.8): details, paged systems,
// 404 across tenants.

let t: TestApp;
let w: World;
let vaultA: number;
let sharedVault: number;
const s: Record<string, Session> = {};

beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t.dbh.db, t.clock.now());
  const db = t.dbh.db;
  const now = t.clock.now();
  // 12 more systems behind appliance A1 so that the list has two pages of 10.
  for (let i = 1; i <= 12; i++) {
    const name = `WS${String(i).padStart(2, '0')}-A1`;
    await db
      .insertInto('protected_systems')
      .values({
        reseller_id: w.resellerA,
        client_id: w.clientA1,
        appliance_id: w.applianceA1,
        name,
        name_lc: name.toLowerCase(),
        hostname: name.toLowerCase(),
        device_type: 'workstation',
        os_type: 'WINDOWS',
        os_name: 'Windows 11',
        service_gen: 2,
        agent_version: '4.1.0',
        package_name: 'Workstation',
        license_name: 'Workstation',
        health_status: i % 3 === 0 ? 'TROUBLED' : 'NORMAL',
        health_changed_at: now,
        next_backup_at: now + 3_600_000,
        backup_interval_minutes: 60,
        seed: i,
        created_at: now,
      })
      .execute();
  }
  const vault = (reseller_id: number | null, name: string, vault_type: 'cloud' | 'private') =>
    db
      .insertInto('vaults')
      .values({ reseller_id, name, vault_type, capacity_bytes: 1000, used_bytes: 250, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.id));
  vaultA = await vault(w.resellerA, 'Private A', 'private');
  sharedVault = await vault(null, 'Shared cloud', 'cloud');
  await db
    .insertInto('system_vaults')
    .values([
      { system_id: w.systemA1, vault_id: vaultA },
      { system_id: w.systemA1, vault_id: sharedVault },
      { system_id: w.systemB1, vault_id: sharedVault },
    ])
    .execute();
  for (const u of ['staff', 'resa', 'resb', 'clia1']) s[u] = await loginAs(t.app, u, TEST_PASSWORD);
});
afterAll(() => t.close());

const get = (who: string, url: string) => call(t.app, s[who]!, { method: 'GET', url });

describe('GET /appliance/get_appliance_details/{id}', () => {
  it('answers the appliance, its licence both ways and its systems’ health', async () => {
    const res = await get('resa', `/appliance/get_appliance_details/${w.applianceA1}`);
    expect(res.statusCode).toBe(200);
    const a = res.json();
    expect(a).toMatchObject({
      id: w.applianceA1,
      sid: 'a1a1a1',
      model_name: 'S5-4T',
      client: { id: w.clientA1 },
      reseller: { id: w.resellerA },
      license: { type: 'storage', measured_by: 'storage' },
    });
    expect(a.systems.total).toBe(13);
    expect(a.systems.workstations).toBe(12);
    expect(a.systems.health.TROUBLED).toBe(4);
    expect(a.license.seats.used).toBe(13);
    expect(a.license.storage).toHaveProperty('licensed_bytes');
    expect(a.restore_points_in_use).toBe(0);
  });

  it('lists its offline periods, newest first, the open one with no end', async () => {
    const now = t.clock.now();
    const period = (
      appliance_id: number,
      reseller_id: number,
      client_id: number,
      ago: number,
      ended: boolean,
    ) => ({
      appliance_id,
      reseller_id,
      client_id,
      started_at: now - ago,
      ended_at: ended ? now - ago + 600_000 : null,
      planned_end_at: null,
    });
    await t.dbh.db
      .insertInto('appliance_offline_periods')
      .values([
        period(w.applianceA1, w.resellerA, w.clientA1, 9 * 86_400_000, true),
        period(w.applianceA1, w.resellerA, w.clientA1, 3_600_000, false),
        period(w.applianceB1, w.resellerB, w.clientB1, 86_400_000, true),
      ])
      .execute();
    const a = (await get('resa', `/appliance/get_appliance_details/${w.applianceA1}`)).json();
    expect(a.offline_history).toEqual([
      { started_at: now - 3_600_000, ended_at: null },
      { started_at: now - 9 * 86_400_000, ended_at: now - 9 * 86_400_000 + 600_000 },
    ]);
    const b = (await get('resb', `/appliance/get_appliance_details/${w.applianceB1}`)).json();
    expect(b.offline_history).toHaveLength(1);
    await t.dbh.db.deleteFrom('appliance_offline_periods').execute();
  });

  it('is a 404 for another tenant, a missing or a malformed id', async () => {
    expect((await get('resb', `/appliance/get_appliance_details/${w.applianceA1}`)).statusCode).toBe(404);
    expect((await get('resa', '/appliance/get_appliance_details/999999')).statusCode).toBe(404);
    expect((await get('resa', '/appliance/get_appliance_details/abc')).statusCode).toBe(404);
    expect((await get('staff', `/appliance/get_appliance_details/${w.applianceA1}`)).statusCode).toBe(200);
  });
});

describe('GET /appliance/get_protected_systems/{id}', () => {
  it('pages the systems by name with a total, and searches', async () => {
    const p1 = (await get('resa', `/appliance/get_protected_systems/${w.applianceA1}?rows=10&page=1`)).json();
    expect(p1.records_count).toBe(13);
    expect(p1.content).toHaveLength(10);
    expect(p1.content[0]).toMatchObject({ name: 'FS01-A1', client_name: 'Client A1' });
    const p2 = (await get('resa', `/appliance/get_protected_systems/${w.applianceA1}?rows=10&page=2`)).json();
    expect(p2.content.map((r: { name: string }) => r.name)).toEqual(['WS10-A1', 'WS11-A1', 'WS12-A1']);
    const found = (await get('resa', `/appliance/get_protected_systems/${w.applianceA1}?search=ws1`)).json();
    expect(found.records_count).toBe(3);
  });

  it('refuses bad paging with a sentence and another tenant with a 404', async () => {
    const bad = await get('resa', `/appliance/get_protected_systems/${w.applianceA1}?rows=7`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/rows/i);
    expect((await get('resb', `/appliance/get_protected_systems/${w.applianceA1}`)).statusCode).toBe(404);
  });
});

describe('vault pages', () => {
  it('answers a private vault to its reseller, 404 to another', async () => {
    const res = await get('resa', `/vault/get_vault_details/${vaultA}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Private A', vault_type: 'private', percent: 25 });
    expect((await get('resb', `/vault/get_vault_details/${vaultA}`)).statusCode).toBe(404);
    expect((await get('resb', `/vault/get_protected_systems/${vaultA}`)).statusCode).toBe(404);
  });

  it('lists only the caller’s own systems of a shared cloud vault', async () => {
    const a = (await get('resa', `/vault/get_protected_systems/${sharedVault}`)).json();
    expect(a.content.map((r: { id: number }) => r.id)).toEqual([w.systemA1]);
    const b = (await get('resb', `/vault/get_protected_systems/${sharedVault}`)).json();
    expect(b.content.map((r: { id: number }) => r.id)).toEqual([w.systemB1]);
    const staff = (await get('staff', `/vault/get_protected_systems/${sharedVault}`)).json();
    expect(staff.records_count).toBe(2);
    expect((await get('resb', `/vault/get_vault_details/${sharedVault}`)).json().systems.total).toBe(1);
  });
});

describe('a client user', () => {
  // The client's dashboard and device pages link its systems' appliance (issue 18.8: no dead
  // end); vaults stay the reseller's (a private vault's capacity and use are the reseller's
  // business), so their names are not links for a client (docs/decisions.md).
  it('opens its own appliance, with only its own systems', async () => {
    const a = await get('clia1', `/appliance/get_appliance_details/${w.applianceA1}`);
    expect(a.statusCode).toBe(200);
    expect(a.json()).toMatchObject({ id: w.applianceA1, can_support: false });
    const systems = (
      await get('clia1', `/appliance/get_protected_systems/${w.applianceA1}?rows=10&page=1`)
    ).json();
    expect(systems.records_count).toBe(13);
  });

  it('gets 404 for another client’s appliance and for vaults', async () => {
    expect((await get('clia1', `/appliance/get_appliance_details/${w.applianceB1}`)).statusCode).toBe(404);
    expect((await get('clia1', `/appliance/get_protected_systems/${w.applianceB1}`)).statusCode).toBe(404);
    expect((await get('clia1', `/vault/get_vault_details/${vaultA}`)).statusCode).toBe(404);
  });
});
