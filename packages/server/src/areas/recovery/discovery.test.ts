import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY, type RecoveryFixture, recoveryFixture } from './test-fixture';

// spec: recovery-flow 7 'Discovery' and the recovery points of 'Browsing and download'.

let f: RecoveryFixture;
beforeAll(async () => {
  f = await recoveryFixture();
});
afterAll(() => f.t.close());

describe('GET /reseller/get_reseller_clients/{resellerId}', () => {
  it('lists the reseller’s clients with the spec’s columns and flags clients without points', async () => {
    const res = await f.get('resa', `/reseller/get_reseller_clients/${f.w.resellerA}`);
    expect(res.statusCode).toBe(200);
    const { table_data } = res.json();
    expect(table_data.columns.map((c: { key: string }) => c.key)).toEqual([
      'id',
      'no_rp_tooltip',
      'name',
      'workstation_count',
      'server_count',
      'app_count',
    ]);
    expect(table_data.total).toBe(2);
    const [a1, a2] = table_data.data;
    expect(a1).toMatchObject({
      id: f.w.clientA1,
      name: 'Client A1',
      server_count: 1,
      app_count: 1,
      machines_latest_schedule_rp_count: 1,
      no_rp_tooltip: null,
    });
    expect(a2).toMatchObject({ id: f.w.clientA2, machines_latest_schedule_rp_count: 1 });
  });

  it('flags a client whose systems are all Macs (not eligible for Azure)', async () => {
    const macOnly = async () =>
      Object.fromEntries(
        (await f.get('resa', `/reseller/get_reseller_clients/${f.w.resellerA}`))
          .json()
          .table_data.data.map((c: { id: number; has_macos_only: number }) => [c.id, c.has_macos_only]),
      );
    expect(await macOnly()).toEqual({ [f.w.clientA1]: 0, [f.w.clientA2]: 0 });
    const before = await f.t.dbh.db
      .selectFrom('protected_systems')
      .select(['id', 'os_type'])
      .where('client_id', '=', f.w.clientA2)
      .execute();
    await f.t.dbh.db
      .updateTable('protected_systems')
      .set({ os_type: 'MAC_OS_X' })
      .where('client_id', '=', f.w.clientA2)
      .execute();
    try {
      expect(await macOnly()).toEqual({ [f.w.clientA1]: 0, [f.w.clientA2]: 1 });
    } finally {
      for (const r of before)
        await f.t.dbh.db
          .updateTable('protected_systems')
          .set({ os_type: r.os_type })
          .where('id', '=', r.id)
          .execute();
    }
  });

  it('marks a client without restore points with a tooltip', async () => {
    await f.t.dbh.db
      .updateTable('protected_systems')
      .set({ last_rp_at: null })
      .where('id', '=', f.w.systemA2)
      .execute();
    const res = await f.get('resa', `/reseller/get_reseller_clients/${f.w.resellerA}?search=client%20a2`);
    expect(res.json().table_data.data).toEqual([
      expect.objectContaining({
        id: f.w.clientA2,
        machines_latest_schedule_rp_count: 0,
        no_rp_tooltip: expect.stringContaining('no scheduled restore points'),
      }),
    ]);
    await f.t.dbh.db
      .updateTable('protected_systems')
      .set({ last_rp_at: f.pointsA2[0]?.taken_at })
      .where('id', '=', f.w.systemA2)
      .execute();
  });

  it('answers 404 for another reseller, a client id or a bad id, and 400 for a bad page', async () => {
    expect((await f.get('resb', `/reseller/get_reseller_clients/${f.w.resellerA}`)).statusCode).toBe(404);
    expect((await f.get('resa', `/reseller/get_reseller_clients/${f.w.clientA1}`)).statusCode).toBe(404);
    expect((await f.get('resa', '/reseller/get_reseller_clients/x')).statusCode).toBe(404);
    expect(
      (await f.get('resa', `/reseller/get_reseller_clients/${f.w.resellerA}?limit=1000`)).statusCode,
    ).toBe(400);
  });
});

describe('client features, devices, appliances and jobs', () => {
  it('GET /client/get_client_feature_types tells the tools and whether local devices exist', async () => {
    const res = await f.get('clia1', `/client/get_client_feature_types/${f.w.clientA1}`);
    expect(res.json()).toEqual({
      id: f.w.clientA1,
      name: 'Client A1',
      has_brc: 1,
      has_x360recover: 0,
      has_local_devices: 1,
      non_protect_flow: 0,
    });
    expect((await f.get('resa', `/client/get_client_feature_types/${f.w.clientA2}`)).json()).toMatchObject({
      has_local_devices: 0,
    });
    expect((await f.get('clia1', `/client/get_client_feature_types/${f.w.clientA2}`)).statusCode).toBe(404);
    expect((await f.get('resb', `/client/get_client_feature_types/${f.w.clientA1}`)).statusCode).toBe(404);
  });

  it('POST /device/get finds a device in scope only', async () => {
    const res = await f.post('resa', '/device/get', { scopeBy: 'device', forDevice: f.w.systemA1 });
    expect(res.json().list).toEqual([
      expect.objectContaining({
        id: f.w.systemA1,
        appliance_id: f.w.applianceA1,
        client_id: f.w.clientA1,
        service_gen: 2,
        state: null,
      }),
    ]);
    expect(
      (await f.post('resb', '/device/get', { scopeBy: 'device', forDevice: f.w.systemA1 })).statusCode,
    ).toBe(404);
    expect((await f.post('resa', '/device/get', { scopeBy: 'device', forDevice: 'abc' })).statusCode).toBe(
      400,
    );
  });

  it('POST /appliance/get lists a client’s appliances with their device counts', async () => {
    const body = {
      scopeBy: 'client',
      forClient: f.w.clientA1,
      paging: { offset: 0, limit: 100 },
      devices_count: 1,
      offsited: 0,
      eligible_for_cifs_sharing: 1,
    };
    const res = await f.post('resa', '/appliance/get', body);
    expect(res.json()).toEqual({
      total: 1,
      list: [expect.objectContaining({ id: f.w.applianceA1, online: 1, devices_count: 1 })],
    });
    expect((await f.post('resb', '/appliance/get', body)).statusCode).toBe(404);
    // Another tenant's appliance is not found, whichever id scopes the list.
    const byAppliance = { ...body, scopeBy: 'appliance', forAppliance: f.w.applianceA1 };
    expect((await f.post('resa', '/appliance/get', byAppliance)).json().list).toHaveLength(1);
    expect((await f.post('resb', '/appliance/get', byAppliance)).statusCode).toBe(404);
    expect(
      (await f.post('resa', '/appliance/get', { ...body, forAppliance: f.w.applianceB1 })).statusCode,
    ).toBe(404);
    expect(
      (await f.post('resa', '/appliance/get', { ...body, paging: { offset: 0, limit: 500 } })).statusCode,
    ).toBe(400);
  });

  it('lists cloud and local devices, with the failover-test state that disables a row', async () => {
    await f.t.dbh.db
      .insertInto('failover_test_states')
      .values({ system_id: f.w.systemA1, state: 'FAILOVER_TEST_VM_RUNNING', updated_at: 0 })
      .execute();
    const local = await f.get('resa', `/api/localbrowsing/devices/${f.w.clientA1}/${f.w.applianceA1}`);
    expect(local.json().devices).toEqual([
      expect.objectContaining({ id: f.w.systemA1, state: 'FAILOVER_TEST_VM_RUNNING' }),
    ]);
    await f.t.dbh.db.deleteFrom('failover_test_states').execute();
    // Client 0: the appliance's devices, for whoever may see the appliance.
    const byAppliance = await f.get('resa', `/api/localbrowsing/devices/0/${f.w.applianceA1}`);
    expect(byAppliance.json().devices.map((d: { id: number }) => d.id)).toEqual([f.w.systemA1]);
    expect((await f.get('resb', `/api/localbrowsing/devices/0/${f.w.applianceA1}`)).statusCode).toBe(404);
    expect(
      (await f.get('resa', `/api/localbrowsing/devices/${f.w.clientA1}/${f.w.applianceB1}`)).statusCode,
    ).toBe(404);
    // The client's cloud devices, direct-to-cloud ones included (appliance 0: any).
    const cloud = await f.get('resa', `/api/filebrowsing/devices/${f.w.clientA2}/0`);
    expect(cloud.json().devices.map((d: { id: number }) => d.id)).toEqual([f.w.systemA2]);
    expect((await f.get('resb', `/api/filebrowsing/devices/${f.w.clientA2}/0`)).statusCode).toBe(404);
  });

  it('GET /api/localbrowsing/devices/{clientId}: the client’s devices on any of its appliances', async () => {
    const ids = async (who: 'resa' | 'clia1', clientId: number) =>
      (await f.get(who, `/api/localbrowsing/devices/${clientId}`))
        .json()
        .devices.map((d: { id: number }) => d.id);
    expect(await ids('resa', f.w.clientA1)).toEqual([f.w.systemA1]);
    expect(await ids('clia1', f.w.clientA1)).toEqual([f.w.systemA1]);
    // System A2 is direct-to-cloud: nothing on an appliance.
    expect(await ids('resa', f.w.clientA2)).toEqual([]);
    expect((await f.get('resb', `/api/localbrowsing/devices/${f.w.clientA1}`)).statusCode).toBe(404);
    expect((await f.get('clia1', `/api/localbrowsing/devices/${f.w.clientA2}`)).statusCode).toBe(404);
  });

  it('GET /api/filebrowsing/devices/{applianceId}: the appliance’s devices with cloud points', async () => {
    const res = await f.get('resa', `/api/filebrowsing/devices/${f.w.applianceA1}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().devices.map((d: { id: number }) => d.id)).toEqual([f.w.systemA1]);
    expect((await f.get('clia1', `/api/filebrowsing/devices/${f.w.applianceA1}`)).statusCode).toBe(200);
    expect((await f.get('resb', `/api/filebrowsing/devices/${f.w.applianceA1}`)).statusCode).toBe(404);
    expect((await f.get('resa', `/api/filebrowsing/devices/${f.w.applianceB1}`)).statusCode).toBe(404);
    expect((await f.get('resa', '/api/filebrowsing/devices/0')).statusCode).toBe(404);
  });

  it('POST /offsite_ajax/jobs lists the jobs with points there, 404 for another tenant', async () => {
    const res = await f.post('resa', '/offsite_ajax/jobs', {
      deviceId: f.w.systemA1,
      applianceId: f.w.applianceA1,
    });
    expect(res.json().jobs).toEqual([
      expect.objectContaining({ id: f.jobA1, type: 'FILE', drives: ['C:', 'D:'] }),
    ]);
    expect(
      (await f.post('resa', '/offsite_ajax/jobs', { deviceId: f.w.systemA1, applianceId: f.w.applianceB1 }))
        .statusCode,
    ).toBe(404);
    expect(
      (await f.post('resb', '/offsite_ajax/offsite_jobs', { deviceId: f.w.systemA1, applianceId: 0 }))
        .statusCode,
    ).toBe(404);
    expect((await f.post('resa', '/offsite_ajax/jobs', {})).statusCode).toBe(400);
  });
});

describe('GET /api/{file,local}browsing/recovery_points/...', () => {
  const url = (
    clientId: number,
    applianceId: number,
    systemId: number,
    jobId: number,
    drive = 'C%3A',
    date = '',
  ) => `/api/localbrowsing/recovery_points/${clientId}/${applianceId}/${systemId}/${jobId}/${drive}${date}`;

  it('answers a 7-day strip ending today with the newest point selected, no future days (issue 18.14)', async () => {
    const res = await f.get('resa', url(f.w.clientA1, f.w.applianceA1, f.w.systemA1, f.jobA1));
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.dates).toHaveLength(7);
    const newest = new Date(f.pointsA1[0]?.taken_at ?? 0).toISOString().slice(0, 10);
    // The newest point is today (the test clock's day): the strip ends on it instead of showing
    // three days to come.
    expect(newest).toBe(new Date(f.t.clock.now()).toISOString().slice(0, 10));
    expect(data.selected).toBe(newest);
    expect(data.dates[6].date).toBe(newest);
    expect(data.dates.map((d: { enabled: boolean }) => d.enabled)).toEqual(Array(7).fill(true));
    expect(data.dates[6].points).toEqual([{ id: f.pointsA1[0]?.id, ts: f.pointsA1[0]?.taken_at }]);
    expect(data.total_points).toBe(10);
    expect(data.next).toBeNull();
    expect(data.prev).toBe(new Date((f.pointsA1[0]?.taken_at ?? 0) - 7 * DAY).toISOString().slice(0, 10));
  });

  it('pages to an earlier strip by date and refuses a date that is not a day', async () => {
    const day = new Date((f.pointsA1[0]?.taken_at ?? 0) - 7 * DAY).toISOString().slice(0, 10);
    const res = await f.get(
      'resa',
      url(f.w.clientA1, f.w.applianceA1, f.w.systemA1, f.jobA1, 'C%3A', `/${day}`),
    );
    expect(res.json().data).toMatchObject({ selected: day, next: expect.any(String), prev: null });
    expect(
      (await f.get('resa', url(f.w.clientA1, f.w.applianceA1, f.w.systemA1, f.jobA1, 'C%3A', '/2026-02-30')))
        .statusCode,
    ).toBe(400);
    expect(
      (await f.get('resa', url(f.w.clientA1, f.w.applianceA1, f.w.systemA1, f.jobA1, 'Z%3A'))).statusCode,
    ).toBe(400);
  });

  it('answers data null when the appliance does not answer (applianceOffline)', async () => {
    await f.t.dbh.db.updateTable('appliances').set({ online: 0 }).where('id', '=', f.w.applianceA1).execute();
    const res = await f.get('resa', url(f.w.clientA1, f.w.applianceA1, f.w.systemA1, f.jobA1));
    expect(res.json()).toEqual({ data: null });
    await f.t.dbh.db.updateTable('appliances').set({ online: 1 }).where('id', '=', f.w.applianceA1).execute();
  });

  it('answers 404 outside the scope or for a job of another device', async () => {
    expect((await f.get('resb', url(f.w.clientA1, f.w.applianceA1, f.w.systemA1, f.jobA1))).statusCode).toBe(
      404,
    );
    expect((await f.get('clia1', url(f.w.clientB1, f.w.applianceB1, f.w.systemB1, f.jobB1))).statusCode).toBe(
      404,
    );
    expect((await f.get('resa', url(f.w.clientA1, f.w.applianceA1, f.w.systemA1, f.jobA2))).statusCode).toBe(
      404,
    );
    expect((await f.get('resa', url(f.w.clientA2, 0, f.w.systemA1, f.jobA1))).statusCode).toBe(404);
  });
});
