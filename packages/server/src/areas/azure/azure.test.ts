import { AZURE_CODE_LIFETIME_S, XHR_HEADER, XHR_VALUE } from '@lifeboat/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPorts } from '../../fabric';
import { OperationsEngine } from '../../operations/engine';
import { TEST_PASSWORD } from '../../test/factories';
import { call, loginAs } from '../../test/harness';
import { type FtpsFixture, ftpsFixture, SYSTEM_PASSWORD } from '../ftps/test-fixture';
import { AZURE_RESTORE, azureRestoreHandler, registerAzureHandlers } from './handlers';

// API tests of the azure area: each call's shape, scope 404, bad input 400, a save that fails,
// an expired code, the sign-in twice, the restore as an operation (and its fault), the panels'
// cancel and dismiss, and the audit of each.

let f: FtpsFixture;
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
type Who = keyof FtpsFixture['s'];
const form = (who: Who, url: string, body: Record<string, string | number> = {}) =>
  call(f.t.app, f.s[who], {
    method: 'POST',
    url,
    headers: FORM,
    payload: new URLSearchParams(
      Object.entries(body).map(([k, v]): [string, string] => [k, String(v)]),
    ).toString(),
  });

beforeAll(async () => {
  f = await ftpsFixture();
  registerAzureHandlers(f.t.ctx);
  await f.t.dbh.db
    .updateTable('organisations')
    .set({ azure_restore_enabled: 1 })
    .where('id', '=', f.w.resellerA)
    .execute();
  // Every client has the backup-recovery-client product (recovery fixture); A1 also 360 recover.
  await f.t.dbh.db
    .updateTable('organisations')
    .set({ has_x360recover: 1 })
    .where('id', '=', f.w.clientA1)
    .execute();
});
afterAll(async () => {
  await f.t.close();
});

async function auditActions(): Promise<string[]> {
  const rows = await f.t.dbh.db
    .selectFrom('audit_log')
    .select('action')
    .where('action', 'like', 'azure.%')
    .execute();
  return rows.map((r) => r.action);
}

/** The simulator's device login page, as a person uses it: no console session at all. */
const devicePage = (_step: 'lookup' | 'consent', body: Record<string, string>) =>
  f.t.app.inject({
    method: 'POST',
    url: '/api/sim/azure/devicelogin',
    headers: { [XHR_HEADER]: XHR_VALUE },
    payload: body,
  });

/** Type the code on the page and consent as the tenant's first account. */
async function consent(userCode: string): Promise<string> {
  const found = (await devicePage('lookup', { user_code: userCode })).json();
  expect(found.ok).toBe(true);
  const account = found.accounts[0];
  expect((await devicePage('consent', { user_code: userCode, account })).json().ok).toBe(true);
  return account;
}

/** Walk a reseller user's wizard up to a chosen storage account. */
async function walk(who: Who = 'resa') {
  const data = await f.get(who, '/azure_export/get_and_reset_azure_data');
  expect(data.statusCode).toBe(200);
  if (who === 'resa')
    expect((await form(who, '/azure_export/set_azure_client', { client_id: f.w.clientA1 })).json()).toEqual({
      ok: true,
    });
  expect((await form(who, '/azure_export/set_azure_device', { device_id: f.w.systemA1 })).json().ok).toBe(
    true,
  );
  const point = f.pointsA1[0]?.id ?? 0;
  expect((await form(who, '/azure_export/set_azure_restore_point', { snapshot_name: point })).json().ok).toBe(
    true,
  );
  const manager = await f.get(who, '/azure_export/get_azure_authentication_data/manager');
  expect(manager.statusCode).toBe(200);
  await consent(manager.json().device_code);
  let check = (await form(who, '/azure_export/check_refresh_token/')).json();
  expect(check).toMatchObject({ success: true, tokenCreated: false, manager: 'granted', storage: 'none' });
  const storage = await f.get(who, '/azure_export/get_azure_authentication_data/storage');
  expect(storage.statusCode).toBe(200);
  await consent(storage.json().device_code);
  check = (await form(who, '/azure_export/check_refresh_token/')).json();
  expect(check).toMatchObject({ success: true, tokenCreated: true, storage: 'granted' });
  const groups = (await f.get(who, '/azure_export/get_resource_groups')).json();
  expect(groups.success).toBe(true);
  const g = groups.table_data[0];
  expect(
    (
      await form(who, '/azure_export/set_azure_resource_group', {
        subscription_id: g.subscription_id,
        subscription_name: g.subscription_display_name,
        resource_group_name: g.name,
      })
    ).json().ok,
  ).toBe(true);
  const accounts = (
    await form(who, '/azure_export/get_storage_accounts', {
      subscription_id: g.subscription_id,
      resource_group_name: g.name,
    })
  ).json();
  const a = accounts.table_data[0];
  expect(
    (
      await form(who, '/azure_export/set_azure_storage_account', {
        storage_account_name: a.name,
        storage_account_region: a.location_display_name,
      })
    ).json().ok,
  ).toBe(true);
  return { group: g, account: a };
}

describe('the wizard session', () => {
  it('answers the initial data for a reseller and a client user', async () => {
    const r = await f.get('resa', '/azure_export/get_and_reset_azure_data');
    expect(r.json()).toEqual({
      azureData: { reseller: { id: f.w.resellerA }, client: null, device: null },
      userData: { isClient: false, isReseller: true },
    });
    const c = await f.get('clia1', '/azure_export/get_and_reset_azure_data');
    expect(c.json().azureData.client).toEqual({ id: f.w.clientA1 });
    expect(c.json().userData).toEqual({ isClient: true, isReseller: false });
  });

  it('offers Azure direct restore in typeRB only with azure_restore_enabled', async () => {
    const options = (who: Who, clientId: number) =>
      f.get(who, `/api/recover_flow/get_available_recovery_options/${clientId}/0`);
    expect((await options('clia1', f.w.clientA1)).json().azure_direct_restore).toBe(true);
    expect((await options('resa', f.w.clientA1)).json().azure_direct_restore).toBe(true);
    expect((await options('resb', f.w.clientB1)).json().azure_direct_restore).toBe(false);
  });

  it('is not found without azure_restore_enabled and for the provider staff', async () => {
    expect((await f.get('resb', '/azure_export/get_and_reset_azure_data')).statusCode).toBe(404);
    expect((await f.get('staff', '/azure_export/get_and_reset_azure_data')).statusCode).toBe(404);
    expect((await f.get('resb', `/reseller/get_azure_jobs/${f.w.resellerB}`)).statusCode).toBe(404);
    expect((await f.get('resb', '/azure_export/availability')).json()).toEqual({ enabled: false });
    expect((await f.get('staff', '/azure_export/availability')).json()).toEqual({ enabled: false });
    expect((await f.get('clia1', '/azure_export/availability')).json()).toEqual({ enabled: true });
  });

  it('refuses another tenant with 404, bad input with 400 and a misfit with ok false', async () => {
    await f.get('resa', '/azure_export/get_and_reset_azure_data');
    expect(
      (await form('resa', '/azure_export/set_azure_client', { client_id: f.w.clientB1 })).statusCode,
    ).toBe(404);
    expect((await form('resa', '/azure_export/set_azure_client', { client_id: 'x' })).statusCode).toBe(400);
    // The backup-recovery-client product without 360 recover: not selectable.
    expect(
      (await form('resa', '/azure_export/set_azure_client', { client_id: f.w.clientA2 })).json(),
    ).toEqual({
      ok: false,
    });
    // A device before its client: the save fails and the wizard drops it.
    expect(
      (await form('resa', '/azure_export/set_azure_device', { device_id: f.w.systemA1 })).json(),
    ).toEqual({
      ok: false,
    });
    expect(
      (await form('resa', '/azure_export/set_azure_client', { client_id: f.w.clientA1 })).json().ok,
    ).toBe(true);
    // macOS cannot be restored to Azure.
    expect((await form('resa', '/azure_export/set_azure_device', { device_id: f.macA1 })).json().ok).toBe(
      false,
    );
    expect(
      (await form('resa', '/azure_export/set_azure_device', { device_id: f.w.systemB1 })).statusCode,
    ).toBe(404);
    expect(
      (await form('resa', '/azure_export/set_azure_restore_point', { snapshot_name: 0 })).statusCode,
    ).toBe(400);
    // Another tenant's restore point is not found, even before a device is chosen.
    expect(
      (
        await form('resa', '/azure_export/set_azure_restore_point', {
          snapshot_name: f.pointsB1[0]?.id ?? 0,
        })
      ).statusCode,
    ).toBe(404);
    // A client user cannot choose a client, not even another tenant's (404 first).
    await f.get('clia1', '/azure_export/get_and_reset_azure_data');
    expect(
      (await form('clia1', '/azure_export/set_azure_client', { client_id: f.w.clientB1 })).statusCode,
    ).toBe(404);
    expect((await f.get('resa', '/azure_export/get_azure_authentication_data/other')).statusCode).toBe(400);
    // Sign-in needs a restore point.
    expect((await f.get('resa', '/azure_export/get_azure_authentication_data/manager')).statusCode).toBe(400);
    expect((await f.get('resa', '/azure_export/get_resource_groups')).json()).toMatchObject({
      success: false,
    });
  });

  it('lists the devices, the calendar and checks a password', async () => {
    const rows = (await f.get('resa', `/client/load_rb_devices_table_data/${f.w.clientA1}`)).json().data;
    expect(rows.map((r: { psName: string }) => r.psName).sort()).toEqual(['FS01-A1', 'MAC-A1', 'PROT-A1']);
    expect((await f.get('resa', `/client/load_rb_devices_table_data/${f.w.clientB1}`)).statusCode).toBe(404);
    const at = new Date(f.pointsA1[0]?.taken_at ?? 0);
    const cal = await f.get(
      'resa',
      `/azure_export/get_rb_device_restore_points/${f.w.systemA1}/${at.getUTCFullYear()}/${at.getUTCMonth() + 1}`,
    );
    expect(cal.json().days).toContain(at.getUTCDate());
    expect(
      (
        await f.post('resa', '/azure_export/verify_ps_password', {
          machine_id: f.protectedA1,
          password: SYSTEM_PASSWORD,
        })
      ).json(),
    ).toEqual({ isPasswordCorrect: true });
  });
});

describe("the staff's switch", () => {
  const set = (who: Who, reseller_id: number | string, enabled: unknown) =>
    f.post(who, '/azure_export/set_reseller_azure_enabled', { reseller_id, enabled });
  const read = (who: Who, id: number | string) =>
    f.get(who, `/azure_export/get_reseller_azure_enabled/${id}`);

  it('reads the flag of a reseller in scope, a 404 outside it', async () => {
    const own = await read('resa', f.w.resellerA);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ reseller_id: f.w.resellerA, enabled: true });
    expect((await read('staff', f.w.resellerB)).json()).toEqual({
      reseller_id: f.w.resellerB,
      enabled: false,
    });
    expect((await read('resb', f.w.resellerA)).statusCode).toBe(404);
    expect((await read('clib1', f.w.resellerA)).statusCode).toBe(404);
    // A client's id is no reseller: 404, as a foreign id is.
    expect((await read('staff', f.w.clientA1)).statusCode).toBe(404);
    expect((await read('staff', 'x')).statusCode).toBe(404);
  });

  it('lets the provider staff switch a reseller and its clients, nobody else', async () => {
    // The reseller itself is refused (403); its client users do not see the reseller's row
    // through scope, so for them, as for another reseller, it is a 404.
    expect((await set('resa', f.w.resellerA, false)).statusCode).toBe(403);
    expect((await set('clia1', f.w.resellerA, false)).statusCode).toBe(404);
    expect((await set('resb', f.w.resellerA, false)).statusCode).toBe(404);
    expect((await read('resa', f.w.resellerA)).json().enabled).toBe(true);
    expect((await set('staff', f.w.clientA1, true)).statusCode).toBe(404);
    expect((await set('staff', 999_999, true)).statusCode).toBe(404);
    // Bad input.
    expect((await set('staff', 'x', true)).statusCode).toBe(400);
    expect((await set('staff', f.w.resellerB, 'yes')).statusCode).toBe(400);
    expect((await set('staff', f.w.resellerB, undefined)).statusCode).toBe(400);

    const on = await set('staff', f.w.resellerB, true);
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ reseller_id: f.w.resellerB, enabled: true });
    expect((await read('staff', f.w.resellerB)).json().enabled).toBe(true);
    // The reseller's users and its clients' users see the wizard and the panels.
    expect((await f.get('resb', '/azure_export/availability')).json()).toEqual({ enabled: true });
    expect((await f.get('clib1', '/azure_export/availability')).json()).toEqual({ enabled: true });
    expect((await set('staff', f.w.resellerB, false)).json()).toEqual({
      reseller_id: f.w.resellerB,
      enabled: false,
    });
    expect((await f.get('resb', '/azure_export/availability')).json()).toEqual({ enabled: false });
    expect((await f.get('clib1', '/azure_export/availability')).json()).toEqual({ enabled: false });
  });

  it('audits each change with the old and the new value', async () => {
    await set('staff', f.w.resellerB, true);
    await set('staff', f.w.resellerB, false);
    const rows = await f.t.dbh.db
      .selectFrom('audit_log')
      .select(['target_id', 'details'])
      .where('action', '=', 'azure.reseller_enabled')
      .orderBy('id', 'desc')
      .limit(2)
      .execute();
    const details = rows.map((r) => (typeof r.details === 'string' ? JSON.parse(r.details) : r.details));
    expect(rows.map((r) => Number(r.target_id))).toEqual([f.w.resellerB, f.w.resellerB]);
    expect(details.map((d) => [d.old, d.new])).toEqual([
      [true, false],
      [false, true],
    ]);
    expect(details[0].changed_by).toBeTruthy();
    // A refused attempt changes nothing and records no change.
    const changes = async () =>
      (
        await f.t.dbh.db
          .selectFrom('audit_log')
          .select('id')
          .where('action', '=', 'azure.reseller_enabled')
          .where('target_id', '=', String(f.w.resellerB))
          .execute()
      ).length;
    const before = await changes();
    expect((await set('resb', f.w.resellerB, true)).statusCode).toBe(403);
    expect(await changes()).toBe(before);
    expect((await read('staff', f.w.resellerB)).json().enabled).toBe(false);
  });
});

describe('sign-in', () => {
  it('signs in twice, storage only after the manager, and audits it', async () => {
    await f.get('resa', '/azure_export/get_and_reset_azure_data');
    await form('resa', '/azure_export/set_azure_client', { client_id: f.w.clientA1 });
    await form('resa', '/azure_export/set_azure_device', { device_id: f.w.systemA1 });
    await form('resa', '/azure_export/set_azure_restore_point', { snapshot_name: f.pointsA1[0]?.id ?? 0 });
    expect((await f.get('resa', '/azure_export/get_azure_authentication_data/storage')).statusCode).toBe(400);
    const m = (await f.get('resa', '/azure_export/get_azure_authentication_data/manager')).json();
    expect(m.device_code).toMatch(/^[A-Z0-9]{9}$/);
    expect(m.verification_url).toBe('/sim/azure/devicelogin');
    expect(m.knowledge_base_text).toBeTruthy();
    expect(m.expires_at - f.t.clock.now()).toBe(AZURE_CODE_LIFETIME_S * 1000);
    expect(m.expires_in).toBe(AZURE_CODE_LIFETIME_S);
    // Nobody has typed the code yet.
    expect((await form('resa', '/azure_export/check_refresh_token/')).json()).toMatchObject({
      success: false,
      manager: 'pending',
      user: null,
    });
    const account = await consent(m.device_code);
    const check = (await form('resa', '/azure_export/check_refresh_token/')).json();
    expect(check).toMatchObject({ success: true, manager: 'granted', user: { login: account } });
    expect(await auditActions()).toContain('azure.sign_in');
    // A code used once is refused on the page, as Microsoft's page refuses it.
    expect((await devicePage('lookup', { user_code: m.device_code })).json()).toMatchObject({
      ok: false,
      message: expect.stringContaining('already been used'),
    });
  });

  it('signs in across two console instances on one database', async () => {
    const other = await f.t.secondInstance();
    const resaOther = await loginAs(other.app, 'resa', TEST_PASSWORD);
    await f.get('resa', '/azure_export/get_and_reset_azure_data');
    await form('resa', '/azure_export/set_azure_client', { client_id: f.w.clientA1 });
    await form('resa', '/azure_export/set_azure_device', { device_id: f.w.systemA1 });
    await form('resa', '/azure_export/set_azure_restore_point', { snapshot_name: f.pointsA1[0]?.id ?? 0 });
    const m = (await f.get('resa', '/azure_export/get_azure_authentication_data/manager')).json();
    // The person's browser reaches the other instance's device login page...
    const page = (body: Record<string, string>) =>
      other.app.inject({
        method: 'POST',
        url: '/api/sim/azure/devicelogin',
        headers: { [XHR_HEADER]: XHR_VALUE },
        payload: body,
      });
    const found = (await page({ user_code: m.device_code })).json();
    expect(found).toMatchObject({ ok: true, scope: 'manager' });
    expect((await page({ user_code: m.device_code, account: found.accounts[0] })).json().ok).toBe(true);
    // ...and the wizard's next check lands on either instance.
    const check = await call(other.app, resaOther, {
      method: 'POST',
      url: '/azure_export/check_refresh_token/',
      headers: FORM,
      payload: '',
    });
    expect(check.json()).toMatchObject({
      success: true,
      manager: 'granted',
      user: { login: found.accounts[0] },
    });
  });

  it("refuses an unknown code, another tenant's account and bad input on the device login page", async () => {
    expect((await devicePage('lookup', { user_code: 'ZZZZZZZZZ' })).json()).toEqual({
      ok: false,
      scope: null,
      accounts: [],
      expires_at: null,
      message: expect.stringContaining("didn't work"),
    });
    expect((await devicePage('lookup', { user_code: '' })).statusCode).toBe(400);
    expect((await devicePage('consent', { user_code: 'ABC', account: '' })).statusCode).toBe(400);
    await f.get('resa', '/azure_export/get_and_reset_azure_data');
    await form('resa', '/azure_export/set_azure_client', { client_id: f.w.clientA1 });
    await form('resa', '/azure_export/set_azure_device', { device_id: f.w.systemA1 });
    await form('resa', '/azure_export/set_azure_restore_point', { snapshot_name: f.pointsA1[0]?.id ?? 0 });
    const m = (await f.get('resa', '/azure_export/get_azure_authentication_data/manager')).json();
    const r = await devicePage('consent', { user_code: m.device_code, account: 'mallory@evil.test' });
    expect(r.json().ok).toBe(false);
    expect((await form('resa', '/azure_export/check_refresh_token/')).json().manager).toBe('pending');
  });

  it('reports an expired code and a reset forgets the sign-in', async () => {
    await f.get('resa', '/azure_export/get_and_reset_azure_data');
    await form('resa', '/azure_export/set_azure_client', { client_id: f.w.clientA1 });
    await form('resa', '/azure_export/set_azure_device', { device_id: f.w.systemA1 });
    await form('resa', '/azure_export/set_azure_restore_point', { snapshot_name: f.pointsA1[0]?.id ?? 0 });
    const m = (await f.get('resa', '/azure_export/get_azure_authentication_data/manager')).json();
    f.t.clock.advance(AZURE_CODE_LIFETIME_S * 1000 + 1000);
    const r = (await form('resa', '/azure_export/check_refresh_token/')).json();
    expect(r).toMatchObject({ success: false, manager: 'expired', user: null });
    // The page refuses it too.
    expect((await devicePage('lookup', { user_code: m.device_code })).json().message).toContain('expired');
    await f.relogin();
    expect((await form('resa', '/azure_export/reset_azure_session/')).json()).toEqual({ success: true });
    expect((await form('resa', '/azure_export/check_refresh_token/')).json().manager).toBe('none');
  });
});

describe('the restore and the panels', () => {
  it('refuses to start an incomplete wizard', async () => {
    await f.get('resa', '/azure_export/get_and_reset_azure_data');
    expect((await form('resa', '/azure_export/start_azure_recover')).statusCode).toBe(400);
  });

  it('restores as an operation with progress, lists, dismisses and audits', async () => {
    const { account } = await walk('clia1');
    const started = await form('clia1', '/azure_export/start_azure_recover');
    expect(started.statusCode).toBe(200);
    const { job_id, success } = started.json();
    expect(success).toBe(true);
    let info = (await f.get('clia1', `/azure_export/get_job_info/${job_id}`)).json().job;
    expect(info).toMatchObject({
      status: 'running',
      canCancel: true,
      canDismiss: false,
      buttons: [{ action: 'cancel', label: 'Cancel' }],
    });
    expect((await f.get('clib1', `/azure_export/get_job_info/${job_id}`)).statusCode).toBe(404);
    for (let i = 0; i < 5; i++) await f.t.ctx.operations.runOnce();
    info = (await f.get('clia1', `/azure_export/job_details/${job_id}`)).json().job;
    expect(info).toMatchObject({
      status: 'completed',
      percent: 100,
      canCancel: false,
      canDismiss: true,
      buttons: [{ action: 'dismiss', label: 'Dismiss' }],
    });
    expect(JSON.stringify(info.blocks)).toContain(`${account.name}.blob.core.windows.net`);
    const list = (await f.get('resa', `/reseller/get_azure_jobs/${f.w.resellerA}`)).json().jobs;
    expect(list.map((j: { jobId: number }) => j.jobId)).toContain(job_id);
    // Both lists carry the spec's buttons (recovery-flow 3 'Azure job').
    const clientList = (await f.get('clia1', `/client/get_azure_jobs/${f.w.clientA1}`)).json().jobs;
    expect(clientList.length).toBeGreaterThan(0);
    for (const j of [...list, ...clientList])
      expect(j.buttons.map((b: { action: string }) => b.action)).toEqual([
        j.canCancel ? 'cancel' : 'dismiss',
      ]);
    expect((await f.get('clia1', `/client/get_azure_jobs/${f.w.clientB1}`)).statusCode).toBe(404);
    expect((await form('clia1', '/azure_export/cancel_azure_job', { job_id })).json()).toEqual({
      success: false,
    });
    expect((await form('clib1', '/azure_export/dismiss_azure_job', { job_id })).statusCode).toBe(404);
    expect((await form('clia1', '/azure_export/dismiss_azure_job', { job_id })).json()).toEqual({
      success: true,
    });
    expect((await f.get('clia1', `/azure_export/get_job_info/${job_id}`)).statusCode).toBe(404);
    expect(await auditActions()).toEqual(
      expect.arrayContaining(['azure.restore.start', 'azure.job.dismiss']),
    );
  });

  it('starts one restore of ten start_azure_recover sent at once to two instances; a later start answers it', async () => {
    await walk('resa');
    const jobs = async () => (await f.t.dbh.db.selectFrom('azure_jobs').select('id').execute()).length;
    const before = await jobs();
    const other = await f.t.secondInstance();
    const onOther = await loginAs(other.app, 'resa', TEST_PASSWORD);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        i % 2
          ? call(other.app, onOther, {
              method: 'POST',
              url: '/azure_export/start_azure_recover',
              headers: FORM,
              payload: '',
            })
          : form('resa', '/azure_export/start_azure_recover'),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    const ids = new Set(answers.map((a) => a.json().job_id));
    expect(ids.size).toBe(1);
    const again = (await form('resa', '/azure_export/start_azure_recover')).json();
    expect(again).toMatchObject({ success: true, job_id: [...ids][0] });
    expect(await jobs()).toBe(before + 1);
    expect(
      (await form('resa', '/azure_export/cancel_azure_job', { job_id: again.job_id })).json().success,
    ).toBe(true);
  });

  it('cancels a running job; its outcome is dropped', async () => {
    await walk('resa');
    const { job_id } = (await form('resa', '/azure_export/start_azure_recover')).json();
    expect((await form('resa', '/azure_export/cancel_azure_job', { job_id })).json()).toEqual({
      success: true,
    });
    for (let i = 0; i < 5; i++) await f.t.ctx.operations.runOnce();
    const info = (await f.get('resa', `/azure_export/get_job_info/${job_id}`)).json().job;
    expect(info).toMatchObject({ status: 'cancelled', canDismiss: true });
    expect(await auditActions()).toContain('azure.job.cancel');
  });

  it('fails with the fabric message when Azure refuses (azure_failed)', async () => {
    await walk('resa');
    const { job_id } = (await form('resa', '/azure_export/start_azure_recover')).json();
    const ports = createPorts({ simSpeed: 0, simFaults: 'azure_failed=1' }, f.t.clock, f.t.dbh);
    const worker = new OperationsEngine({ dbh: f.t.dbh, clock: f.t.clock });
    worker.register(AZURE_RESTORE, azureRestoreHandler({ dbh: f.t.dbh, ports }));
    expect(await worker.runOnce()).toBe(1);
    const info = (await f.get('resa', `/azure_export/get_job_info/${job_id}`)).json().job;
    expect(info.status).toBe('failed');
    expect(JSON.stringify(info.blocks)).toContain('not accepting uploads');
  });
});
