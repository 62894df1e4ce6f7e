import { INVENTORY_PAGE_SIZE } from '@lifeboat/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWorld, TEST_PASSWORD, type World } from '../../test/factories';
import { call, createTestApp, loginAs, type Session, type TestApp } from '../../test/harness';
import { addSystem } from './test-systems';

// GET /devices/inventory, the tab lists and their paging, search and scope, on the real app.

let t: TestApp;
let w: World;
const s: Record<string, Session> = {};
let vmRunning: number;
let vaultVm: number;
let vault: number;

beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t.dbh.db, t.clock.now());
  const db = t.dbh.db;
  const now = t.clock.now();
  // 85 more systems of client A2 (names sort after FS01/SQL01) to page through.
  for (let i = 0; i < 85; i++) {
    await addSystem(db, now, {
      reseller_id: w.resellerA,
      client_id: w.clientA2,
      name: `WS-${String(i).padStart(3, '0')}`,
      device_type: 'workstation',
    });
  }
  vmRunning = await addSystem(db, now, {
    reseller_id: w.resellerA,
    client_id: w.clientA1,
    appliance_id: w.applianceA1,
    name: 'APP-VM-1',
    sva_job_status: 'Running',
    currently_running: 1,
    stoppable: 1,
  });
  vault = Number(
    (
      await db
        .insertInto('vaults')
        .values({ reseller_id: w.resellerA, name: 'Vault A', vault_type: 'private', created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  );
  vaultVm = await addSystem(db, now, {
    reseller_id: w.resellerA,
    client_id: w.clientA1,
    name: 'CLOUD-VM-1',
    vault_only: 1,
    sva_job_status: 'Stopped',
  });
  await db.insertInto('system_vaults').values({ system_id: vaultVm, vault_id: vault }).execute();
  for (const u of ['staff', 'dist', 'resa', 'resb', 'clia1']) s[u] = await loginAs(t.app, u, TEST_PASSWORD);
});
afterAll(() => t.close());

const get = (who: string, url: string) => call(t.app, s[who]!, { method: 'GET', url });

describe('GET /devices/inventory', () => {
  it('counts each type in the reseller’s scope and shows the virtualized tabs it has', async () => {
    const res = await get('resa', '/devices/inventory');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.typeCounters).toEqual({
      PROTECTED: 2 + 85 + 2,
      SERVER: 4,
      WORKSTATION: 85,
      NAS: 0,
      VIRTUALIZED: 1,
      VAULT_VIRTUALIZED: 1,
    });
    expect(body.showVirtualized).toBe(true);
    expect(body.showVaultVirtualized).toBe(true);
  });

  it('hides the virtualized tabs where there is no virtual machine', async () => {
    const body = (await get('resb', '/devices/inventory')).json();
    expect(body.typeCounters.PROTECTED).toBe(1);
    expect(body.showVirtualized).toBe(false);
    expect(body.showVaultVirtualized).toBe(false);
  });

  it('narrows to a client or reseller in scope and answers 404 for one outside it', async () => {
    const a2 = (await get('resa', `/devices/inventory?client_id=${w.clientA2}`)).json();
    expect(a2.typeCounters.PROTECTED).toBe(86);
    expect(
      (await get('staff', `/devices/inventory?reseller_id=${w.resellerB}`)).json().typeCounters.PROTECTED,
    ).toBe(1);
    expect((await get('resb', `/devices/inventory?client_id=${w.clientA1}`)).statusCode).toBe(404);
    expect((await get('resb', `/devices/inventory?reseller_id=${w.resellerA}`)).statusCode).toBe(404);
    expect((await get('clia1', `/devices/inventory?client_id=${w.clientA2}`)).statusCode).toBe(404);
    // A client user's own reseller is no filter it may use: 404, not its own rows.
    expect((await get('clia1', `/devices/inventory?reseller_id=${w.resellerA}`)).statusCode).toBe(404);
    // A reseller id passed as a client is not a client.
    expect((await get('resa', `/devices/inventory?client_id=${w.resellerA}`)).statusCode).toBe(404);
  });

  it('gives a client user only its own organisation’s devices', async () => {
    const body = (await get('clia1', '/devices/inventory')).json();
    expect(body.typeCounters.PROTECTED).toBe(3);
    const rows = (await get('clia1', '/devices/inventory/PROTECTED')).json().rows;
    expect(rows.map((r: { client_id: number }) => r.client_id)).toEqual([w.clientA1, w.clientA1, w.clientA1]);
  });

  it('answers 400 with a readable message for a malformed filter', async () => {
    const res = await get('resa', '/devices/inventory?client_id=abc');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/client_id/);
  });
});

describe('GET /devices/inventory/{type}', () => {
  it('pages 40 rows at a time by name, without gaps or repeats, to the end', async () => {
    const seen: string[] = [];
    let after: string | null = null;
    let pages = 0;
    do {
      const url = `/devices/inventory/WORKSTATION${after ? `?after=${after}` : ''}`;
      const res = await get('resa', url);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      pages++;
      if (body.next) expect(body.rows).toHaveLength(INVENTORY_PAGE_SIZE);
      seen.push(...body.rows.map((r: { name: string }) => r.name));
      after = body.next;
    } while (after);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(85);
    expect(seen).toEqual([...seen].sort());
    expect(new Set(seen).size).toBe(85);
  });

  it('searches any part of the name, case-insensitively', async () => {
    const body = (await get('resa', '/devices/inventory/PROTECTED?search=ws-08')).json();
    expect(body.rows.map((r: { name: string }) => r.name)).toEqual([
      'WS-080',
      'WS-081',
      'WS-082',
      'WS-083',
      'WS-084',
    ]);
    // Any part of the name (issue 18 point 12): "s-08" is inside WS-080...
    const inner = (await get('resa', '/devices/inventory/PROTECTED?search=S-08')).json();
    expect(inner.rows.map((r: { name: string }) => r.name)).toEqual([
      'WS-080',
      'WS-081',
      'WS-082',
      'WS-083',
      'WS-084',
    ]);
    expect((await get('resa', '/devices/inventory/PROTECTED?search=%25')).json().rows).toEqual([]);
    expect((await get('resa', '/devices/inventory/PROTECTED?search=%25%25%25')).json().rows).toEqual([]);
    expect((await get('resb', '/devices/inventory/PROTECTED?search=ws')).json().rows).toEqual([]);
  });

  it('refuses a search over 128 characters, an unknown type and a forged cursor', async () => {
    const long = await get('resa', `/devices/inventory/PROTECTED?search=${'a'.repeat(129)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/128 characters/);
    expect((await get('resa', '/devices/inventory/PHONES')).statusCode).toBe(400);
    const forged = await get('resa', '/devices/inventory/PROTECTED?after=bm90LWpzb24');
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toMatch(/not valid any more/);
  });

  it('lets the platform staff and the distributor see every reseller, and a reseller only its own', async () => {
    const names = async (who: string) =>
      (await get(who, '/devices/inventory/SERVER')).json().rows.map((r: { name: string }) => r.name);
    expect(await names('staff')).toEqual(['APP-VM-1', 'CLOUD-VM-1', 'FS01-A1', 'FS01-B1', 'SQL01-A2']);
    expect(await names('dist')).toEqual(['APP-VM-1', 'CLOUD-VM-1', 'FS01-A1', 'FS01-B1', 'SQL01-A2']);
    expect(await names('resb')).toEqual(['FS01-B1']);
    expect((await get('resb', `/devices/inventory/SERVER?client_id=${w.clientA1}`)).statusCode).toBe(404);
  });

  it('gives protected rows details and recover only where the organisation may recover', async () => {
    const rows = (await get('resa', '/devices/inventory/SERVER')).json().rows;
    const fs01 = rows.find((r: { name: string }) => r.name === 'FS01-A1');
    // No restore point and can_recover 0 in the test world: details only, even for a VM.
    expect(fs01.actions).toEqual(['details']);
    await t.dbh.db
      .updateTable('organisations')
      .set({ can_recover: 1 })
      .where('id', '=', w.clientA1)
      .execute();
    await t.dbh.db
      .updateTable('protected_systems')
      .set({ last_rp_at: t.clock.now() })
      .where('id', '=', w.systemA1)
      .execute();
    const again = (await get('resa', '/devices/inventory/SERVER')).json().rows;
    expect(again.find((r: { name: string }) => r.name === 'FS01-A1').actions).toEqual(['details', 'recover']);
  });
});

describe('virtualized tabs', () => {
  it('lists appliance VMs from /device/device_summary/1 with the actions of their state', async () => {
    const res = await get('resa', '/device/device_summary/1');
    expect(res.statusCode).toBe(200);
    const [row, ...rest] = res.json().rows;
    expect(rest).toEqual([]);
    expect(row).toMatchObject({
      id: vmRunning,
      has_appliance: 1,
      appliance_online: 1,
      sva_job_status: 'Running',
      currently_running: 1,
      stoppable: 1,
      pending: null,
      actions: ['details', 'stop_vm', 'discard_vm'],
    });
  });

  it('lists vault VMs from /device/vault_virtualized_device_summary with the vault they run in', async () => {
    const [row] = (await get('resa', '/device/vault_virtualized_device_summary')).json().rows;
    expect(row).toMatchObject({
      id: vaultVm,
      has_appliance: 0,
      vault_only_device: 1,
      vault_id: vault,
      actions: ['details', 'resume_vm', 'discard_vm'],
    });
    expect((await get('resb', '/device/vault_virtualized_device_summary')).json().rows).toEqual([]);
  });

  it('offers details only while the appliance is offline', async () => {
    await t.dbh.db.updateTable('appliances').set({ online: 0 }).where('id', '=', w.applianceA1).execute();
    const [row] = (await get('resa', '/device/device_summary/1')).json().rows;
    expect(row.appliance_online).toBe(0);
    expect(row.actions).toEqual(['details']);
    await t.dbh.db.updateTable('appliances').set({ online: 1 }).where('id', '=', w.applianceA1).execute();
  });
});
