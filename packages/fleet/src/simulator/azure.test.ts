import { AZURE_DEVICE_CODE_TTL_MS, type AzureRestoreRequest, ManualClock } from '@lifeboat/contract';
import { openTestDb, type TestDb } from '@lifeboat/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AZURE_VERIFICATION_PATH, azureAccounts, createSimulatedAzure } from './azure';
import { createSimDeps, type SimOptions } from './deps';

// The device codes live in the database (shared by every console instance): one test database.
let testDb: TestDb;
beforeAll(async () => {
  testDb = await openTestDb('simaz');
});
afterAll(() => testDb.close());

const sim = (clock = new ManualClock(1_000_000), opts: Partial<SimOptions> = {}) =>
  createSimulatedAzure(createSimDeps({ clock, speed: 0, ...opts }), testDb.dbh.db);

const progress = (reports: number[] = []) => ({ report: async (p: number) => void reports.push(p) });

describe('the simulated Azure port', () => {
  it('hands out a device code for each scope, valid 900 seconds', async () => {
    const code = await sim().requestDeviceCode('session-1', 'manager');
    expect(code).toMatchObject({
      scope: 'manager',
      verificationUrl: AZURE_VERIFICATION_PATH,
      issuedAt: 1_000_000,
      expiresAt: 1_000_000 + AZURE_DEVICE_CODE_TTL_MS,
    });
    expect(code.deviceCode).toMatch(/^[A-Z2-9]{9}$/);
    expect(await sim().requestDeviceCode('session-1', 'manager')).toEqual(code);
    expect((await sim().requestDeviceCode('session-1', 'storage')).deviceCode).not.toBe(code.deviceCode);
  });

  it('signs in when a person consents on the device login page, once, before the code expires', async () => {
    const clock = new ManualClock(5_000_000);
    const azure = sim(clock, { speed: 1 });
    const code = await azure.requestDeviceCode('s', 'manager');
    expect(await azure.checkDeviceCode('s', code)).toEqual({ status: 'pending', user: null });
    const page = azure.deviceLogin;
    const [account] = azureAccounts('s');
    // Typed in lower case with a dash, as people do.
    const typed = `${code.deviceCode.slice(0, 4).toLowerCase()}-${code.deviceCode.slice(4)}`;
    expect(await page.lookup(typed)).toEqual({
      ok: true,
      scope: 'manager',
      accounts: azureAccounts('s'),
      expiresAt: code.expiresAt,
    });
    expect(await page.lookup('NOTACODE9')).toEqual({ ok: false, reason: 'unknown' });
    expect(await page.consent(code.deviceCode, 'someone@else.test')).toEqual({
      ok: false,
      reason: 'unknown',
    });
    expect((await page.consent(typed, account!)).ok).toBe(true);
    expect(await azure.checkDeviceCode('s', code)).toEqual({ status: 'granted', user: account });
    // A code used once is refused on the page; a code of another session never signs it in.
    expect(await page.consent(code.deviceCode, account!)).toEqual({ ok: false, reason: 'used' });
    expect((await azure.checkDeviceCode('other', code)).status).toBe('expired');
    // An unused code expires after 900 s, on the page and for the console.
    const storage = await azure.requestDeviceCode('s', 'storage');
    clock.advance(AZURE_DEVICE_CODE_TTL_MS + 1);
    expect(await page.lookup(storage.deviceCode)).toEqual({ ok: false, reason: 'expired' });
    expect((await azure.checkDeviceCode('s', storage)).status).toBe('expired');
  });

  it('lists resource groups and their storage accounts, the same every time', async () => {
    const groups = await sim().listResourceGroups('s');
    expect(groups.length).toBeGreaterThan(0);
    expect(await sim().listResourceGroups('s')).toEqual(groups);
    const g = groups[0]!;
    const accounts = await sim().listStorageAccounts('s', g.subscriptionId, g.name);
    expect(accounts.length).toBeGreaterThan(0);
    for (const a of accounts) {
      expect(a.id.split('/').at(-1)).toBe(a.name);
      expect(a.name).toMatch(/^[a-z0-9]{3,24}$/);
    }
    expect(await sim().listStorageAccounts('s', g.subscriptionId, 'no-such-group')).toEqual([]);
    // Several subscriptions, and a resource group without storage accounts.
    expect(new Set(groups.map((x) => x.subscriptionId)).size).toBeGreaterThan(1);
    const recovery = groups.find((x) => x.name === 'rg-recovery')!;
    expect(await sim().listStorageAccounts('s', recovery.subscriptionId, recovery.name)).toHaveLength(2);
    const empty = groups.find((x) => x.name === 'rg-network')!;
    expect(await sim().listStorageAccounts('s', empty.subscriptionId, empty.name)).toEqual([]);
  });

  it('restores a point into the storage account, or fails with azure_failed', async () => {
    const req: AzureRestoreRequest = {
      jobId: 3,
      systemName: 'FS01',
      subscriptionId: 'sub',
      resourceGroupName: 'rg-recovery',
      storageAccountName: 'rgrecovery123',
      storageAccountRegion: 'West Europe',
      point: {
        systemId: 5,
        applianceId: null,
        restorePointId: 77,
        takenAt: 0,
        seed: 9,
        osType: 'WINDOWS',
        deviceType: 'server',
        hostname: 'fs01',
      },
    };
    const reports: number[] = [];
    const out = await sim().runRestore(req, progress(reports));
    expect(reports.at(-1)).toBe(100);
    expect(out.diskUrls.length).toBeGreaterThan(0);
    for (const url of out.diskUrls)
      expect(url).toMatch(/^https:\/\/rgrecovery123\.blob\.core\.windows\.net\/.*fs01-77-disk\d\.vhd$/);
    await expect(
      sim(undefined, { faults: 'azure_failed@5' }).runRestore(req, progress()),
    ).rejects.toMatchObject({ code: 'FAILED' });
  });
});
