import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWorld, TEST_PASSWORD, type World } from '../../test/factories';
import { call, createTestApp, loginAs, type Session, type TestApp } from '../../test/harness';
import { AUTOVERIFY_QUEUED_TOOLTIP, GEO_NOT_AVAILABLE } from './actions';
import { HOUR, seedDevice } from './device-test-data';
import { WEEK_MS } from './health-history';

// Every call of spec dashboard-device-azure 7 'Device details' on the real app: shape, scope
// (another organisation's system is a 404 and stays untouched), malformed ids.

let t: TestApp;
let w: World;
let seeded: Awaited<ReturnType<typeof seedDevice>>;
const s: Record<string, Session> = {};

beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t.dbh.db, t.clock.now());
  seeded = await seedDevice(t.dbh.db, w, t.clock.now());
  for (const u of ['resa', 'resb', 'clia1', 'staff']) s[u] = await loginAs(t.app, u, TEST_PASSWORD);
});
afterAll(() => t.close());

const get = (who: string, url: string) => call(t.app, s[who]!, { method: 'GET', url });
const post = (who: string, url: string, payload: string) =>
  call(t.app, s[who]!, {
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload,
  });
const systemRow = (id: number) =>
  t.dbh.db.selectFrom('protected_systems').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

const CARDS = [
  'get_device_alert',
  'get_device_details_info',
  'get_device_autoverify_info',
  'get_last_autoverify_data',
  'get_device_health_history',
  'job_history_details',
  'get_device_protection_summary_data',
  'get_geo_summary',
  'get_local_cache_summary',
  'get_local_storage_summary',
  'get_lifeboat_cloud_storage_summary',
  'get_private_cloud_storage_summary',
  'get_device_details_data',
  'get_device_actions',
];

describe('device cards: scope and ids', () => {
  it.each(CARDS)('%s answers its own systems and 404 for others or bad ids', async (card) => {
    expect((await get('resa', `/device/${card}/${w.systemA1}`)).statusCode).toBe(200);
    expect((await get('staff', `/device/${card}/${w.systemA1}`)).statusCode).toBe(200);
    for (const [who, id] of [
      ['resb', w.systemA1],
      ['clia1', w.systemA2],
      ['resa', 'abc'],
      ['resa', 0],
      ['resa', 99999],
      ['resa', '1e3'],
    ] as const) {
      const res = await get(who, `/device/${card}/${id}`);
      expect(res.statusCode, `${who} ${id}`).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
  });

  it('needs the anti-forgery header', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/device/get_device_alert/${w.systemA1}`,
      headers: { cookie: s.resa!.cookie, 'x-requested-with': 'XMLHttpRequest' },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('device cards: shapes', () => {
  it('info header: status, thumbnail params, links', async () => {
    const info = (await get('resa', `/device/get_device_details_info/${w.systemA1}`)).json();
    expect(info).toMatchObject({
      ok: true,
      display_name: 'FS01-A1',
      device_type: 'server',
      device_status: 'NORMAL',
      parked_tooltip_text: null,
      has_thumbnail: true,
      autoverify_url_params: `${w.systemA1}-${seeded.autoverifyId}`,
      is_d2c: false,
      appliance_id: w.applianceA1,
    });
    expect(info.infolist[0]).toEqual({
      label: 'Client',
      data: 'Client A1',
      timedelta_info: null,
      with_link: `/client/details/${w.clientA1}`,
    });
  });

  it('alert banner follows health; a parked system shows the parked tooltip', async () => {
    expect((await get('resa', `/device/get_device_alert/${w.systemA1}`)).json()).toEqual({
      ok: true,
      alert: null,
    });
    await t.dbh.db
      .updateTable('protected_systems')
      .set({ health_status: 'PARKED', parked: 1 })
      .where('id', '=', w.systemA2)
      .execute();
    const alert = (await get('resa', `/device/get_device_alert/${w.systemA2}`)).json();
    expect(alert.alert.title).toBe('This system is parked');
    const info = (await get('resa', `/device/get_device_details_info/${w.systemA2}`)).json();
    expect(info.parked_tooltip_text).toMatch(/Parked/);
    expect(info.has_thumbnail).toBe(false);
    // Its schedule is a year out: the card says backups are paused, never "in 365 days".
    expect(info.infolist.find((i: { label: string }) => i.label === 'Next backup')).toEqual({
      label: 'Next backup',
      data: 'Paused while the system is parked',
      timedelta_info: null,
      with_link: null,
    });
    await t.dbh.db
      .updateTable('protected_systems')
      .set({ health_status: 'TROUBLED', parked: 0, health_reason: 'No backup for 3 days.' })
      .where('id', '=', w.systemA2)
      .execute();
    expect((await get('resa', `/device/get_device_alert/${w.systemA2}`)).json().alert).toEqual({
      title: 'Backups need attention',
      message: 'No backup for 3 days.',
    });
  });

  it('AutoVerify info and last data; ok false without a result and for NAS', async () => {
    const info = (await get('resa', `/device/get_device_autoverify_info/${w.systemA1}`)).json();
    expect(info).toMatchObject({ ok: true, has_thumbnail: true, is_d2c: false });
    expect(info.tableData).toHaveLength(1);
    expect(info.tableColumns.map((c: { key: string }) => c.key)).toEqual(['rp', 'ended_at', 'status']);
    const last = (await get('resa', `/device/get_last_autoverify_data/${w.systemA1}`)).json();
    expect(last).toMatchObject({
      ok: true,
      message: null,
      data: {
        autoverify_status: 'success',
        heartbeat: true,
        system_boot_check: 'Passed',
        autoverify_url_params: `${w.systemA1}-${seeded.autoverifyId}`,
        target_info: { target_type: 'appliance', target_link: `/appliance/details/${w.applianceA1}` },
      },
    });
    const none = (await get('resa', `/device/get_last_autoverify_data/${w.systemA2}`)).json();
    expect(none).toEqual({ ok: false, data: null, message: 'This system has not been verified yet.' });
    await t.dbh.db
      .updateTable('protected_systems')
      .set({ device_type: 'nas' })
      .where('id', '=', w.systemA2)
      .execute();
    expect((await get('resa', `/device/get_device_autoverify_info/${w.systemA2}`)).json().ok).toBe(false);
    expect((await get('resa', `/device/get_local_cache_summary/${w.systemA2}`)).json().ok).toBe(false);
    await t.dbh.db
      .updateTable('protected_systems')
      .set({ device_type: 'server' })
      .where('id', '=', w.systemA2)
      .execute();
  });

  it('health history: the last week, starting with the state at the cut-off', async () => {
    const now = t.clock.now();
    const h = (await get('resa', `/device/get_device_health_history/${w.systemA1}`)).json();
    expect(h.now).toBe(now);
    expect(h.time_cutoff).toBe(now - WEEK_MS);
    expect(
      h.health_history.health_history_json.map((e: { health: string; timestart: number }) => [
        e.health,
        e.timestart,
      ]),
    ).toEqual([
      ['NORMAL', now - WEEK_MS],
      ['TROUBLED', now - 48 * HOUR],
      ['NORMAL', now - 24 * HOUR],
    ]);
  });

  it('storage, local cache, geo and details', async () => {
    await t.dbh.db
      .updateTable('protected_systems')
      .set({ local_used_bytes: 250, local_total_bytes: 1000, cloud_used_bytes: 2048, local_cache_enabled: 0 })
      .where('id', '=', w.systemA1)
      .execute();
    expect((await get('resa', `/device/get_local_storage_summary/${w.systemA1}`)).json()).toMatchObject({
      show_block: true,
      local_percent: 25,
      used_bytes: 250,
    });
    expect(
      (await get('resa', `/device/get_lifeboat_cloud_storage_summary/${w.systemA1}`)).json(),
    ).toMatchObject({
      show_block: true,
      machine_usage_text: '2.00 KB used by this system',
      local_percent: null,
    });
    expect(
      (await get('resa', `/device/get_private_cloud_storage_summary/${w.systemA1}`)).json().show_block,
    ).toBe(false);
    expect((await get('resa', `/device/get_local_cache_summary/${w.systemA1}`)).json()).toMatchObject({
      ok: true,
      enabled: false,
      verification_status: null,
    });
    expect((await get('resa', `/device/get_geo_summary/${w.systemA1}`)).json().data).toMatchObject({
      enabled: false,
      status: 'DISABLED',
    });
    // Agent only for direct-to-cloud, licence only for the reseller's staff.
    const res = (await get('resa', `/device/get_device_details_data/${w.systemA1}`)).json();
    expect(res.data).toMatchObject({
      hostname: 'fs01-a1',
      agent: null,
      license: 'Server',
      show_license: true,
    });
    const d2c = (await get('resa', `/device/get_device_details_data/${w.systemA2}`)).json();
    expect(d2c.data.agent).toBe('4.1.0');
    const client = (await get('clia1', `/device/get_device_details_data/${w.systemA1}`)).json();
    expect(client.data).toMatchObject({ license: null, show_license: false });
  });
});

describe('job history and details', () => {
  const page = (p: number | string, rows: number | string, id: number | string = w.systemA1) =>
    get('resa', `/device/job_history/${id}/${p}/${rows}`);

  it('pages newest first with a count and display statuses', async () => {
    const first = (await page(1, 10)).json().job_history_data;
    expect(first).toMatchObject({ page: 1, rows_on_page: 10, records_count: 25, count_capped: false });
    expect(first.rows).toHaveLength(10);
    expect(first.rows[0].document_id).toBe(seeded.runs[24]);
    expect(first.rows[0]).toMatchObject({ raw_status: 'COMPLETED', status: 'Completed', in_progress: false });
    const third = (await page(3, 10)).json().job_history_data;
    expect(third.rows.map((r: { document_id: number }) => r.document_id)).toEqual(
      seeded.runs.slice(0, 5).reverse(),
    );
    expect((await page(4, 10)).json().job_history_data.rows).toEqual([]);
    const statuses = new Set(
      (await page(1, 25)).json().job_history_data.rows.map((r: { status: string }) => r.status),
    );
    expect([...statuses].sort()).toEqual(
      ['Auto Paused', 'Completed', 'Failed', 'In Progress', 'Manually Paused', 'Missed'].sort(),
    );
  });

  it('refuses bad pages and rows, and other organisations’ systems', async () => {
    for (const [p, r] of [
      [0, 10],
      ['x', 10],
      [1, 0],
      [1, 101],
      [1, '5a'],
    ])
      expect((await page(p as number, r as number)).statusCode).toBe(400);
    expect((await get('resb', `/device/job_history/${w.systemA1}/1/10`)).statusCode).toBe(404);
    expect((await page(1, 10, 'abc')).statusCode).toBe(404);
  });

  it('job history details: columns, rows per page and the device’s run count', async () => {
    const d = (await get('resa', `/device/job_history_details/${w.systemA1}`)).json();
    expect(d).toMatchObject({ title: 'Job history', rows_on_page: 10, count: 25 });
    expect(d.job_history_columns.length).toBeGreaterThan(3);
    // Another device's count is its own.
    expect((await get('resa', `/device/job_history_details/${w.systemA2}`)).json().count).toBe(0);
  });

  it('job details carry the fields of the run, in scope only', async () => {
    const failed = seeded.runs[1] as number;
    const res = await get('resa', `/device/get_job_details/${w.systemA1}/${failed}/0`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      document_id: failed,
      status: 'FAILED',
      display_status: 'Failed',
      type_label: 'Incremental backup',
      is_job_type_backup: true,
      duration: 600_000,
      error_msg: 'VSS snapshot failed (0x8004230F).',
      machine_name: 'FS01-A1',
      client_name: 'Client A1',
      appliance_name: 'APP-a1a1a1',
      appliance_serial: 'a1a1a1',
      rb_sso_access: true,
      is_client: false,
    });
    // The job page knows only the run: machine 0.
    expect((await get('resa', `/device/get_job_details/0/${failed}/0`)).statusCode).toBe(200);
    expect((await get('clia1', `/device/get_job_details/0/${failed}/1`)).json().data.is_client).toBe(true);
    for (const url of [
      `/device/get_job_details/${w.systemA1}/${failed}/2`,
      `/device/get_job_details/${w.systemA2}/${failed}/0`,
      `/device/get_job_details/${w.systemA1}/abc/0`,
      `/device/get_job_details/${w.systemA1}/999999/0`,
    ])
      expect((await get('resa', url)).statusCode, url).toBe(404);
    expect((await get('resb', `/device/get_job_details/0/${failed}/0`)).statusCode).toBe(404);
  });

  it('job health history: seven days of outcomes', async () => {
    const res = (await get('resa', `/job/get_job_health_history?device_id=${w.systemA1}`)).json();
    expect(res.days).toHaveLength(7);
    const total = res.days.reduce(
      (n: number, d: { completed: number; failed: number; missed: number; other: number }) =>
        n + d.completed + d.failed + d.missed + d.other,
      0,
    );
    expect(total).toBe(25);
    // Runs hourly from 25 h to 1 h before noon UTC: 12 of them today, the rest yesterday.
    const sum = (d: { completed: number; failed: number; missed: number; other: number }) =>
      d.completed + d.failed + d.missed + d.other;
    expect(res.days.map(sum)).toEqual([0, 0, 0, 0, 0, 13, 12]);
    expect((await get('resb', `/job/get_job_health_history?device_id=${w.systemA1}`)).statusCode).toBe(404);
    expect((await get('resa', '/job/get_job_health_history')).statusCode).toBe(400);
  });
});

describe('restore points in use and AutoVerify images', () => {
  it('lists the device’s and the appliance’s points in use', async () => {
    const dev = (await get('resa', `/device/get_rps_in_use/${w.systemA1}`)).json();
    expect(dev).toMatchObject({ ok: true, error: null });
    expect(dev.data.entity).toEqual({
      text: 'Protected system',
      name: 'FS01-A1',
      target_link: `/device/details/${w.systemA1}`,
    });
    expect(dev.data.rps_in_use).toEqual([
      {
        machine_id: w.systemA1,
        machine_name: 'FS01-A1',
        machine_agent_version: '4.1.0',
        icon: 'server',
        rp: t.clock.now() - HOUR,
      },
    ]);
    const app = (await get('resa', `/appliance/get_rps_in_use/${w.applianceA1}`)).json();
    expect(app.data.rps_in_use).toHaveLength(1);
    expect((await get('resb', `/device/get_rps_in_use/${w.systemA1}`)).statusCode).toBe(404);
    expect((await get('resb', `/appliance/get_rps_in_use/${w.applianceA1}`)).statusCode).toBe(404);
    expect((await get('resa', `/vaultx/get_rps_in_use/${w.systemA1}`)).statusCode).toBe(404);
  });

  it('serves the screenshot and the 250x156 thumbnail as PNG by navigation', async () => {
    const params = `${w.systemA1}-${seeded.autoverifyId}`;
    const res = await t.app.inject({
      method: 'GET',
      url: `/image/last_autoverify_thumbnail/${params}`,
      headers: { cookie: s.resa!.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.readUInt32BE(16)).toBe(250);
    expect(res.rawPayload.readUInt32BE(20)).toBe(156);
    expect((await get('resa', `/image/last_autoverify_screenshot/${params}`)).statusCode).toBe(200);
    expect((await get('resb', `/image/last_autoverify_thumbnail/${params}`)).statusCode).toBe(404);
    expect(
      (await get('resa', `/image/last_autoverify_thumbnail/${w.systemA2}-${seeded.autoverifyId}`)).statusCode,
    ).toBe(404);
    expect((await get('resa', '/image/last_autoverify_thumbnail/abc')).statusCode).toBe(404);
  });
});

describe('geo-plus', () => {
  it('switches on and off for second-generation systems, audited, shown in the summary', async () => {
    await t.dbh.db
      .updateTable('protected_systems')
      .set({ service_gen: 4 })
      .where('id', '=', w.systemA1)
      .execute();
    const actions = (await get('resa', `/device/get_device_actions/${w.systemA1}`)).json();
    expect(actions).toMatchObject({
      showGeoPlus: true,
      geoPlusEnabled: false,
      geoConfirmationDisabled: false,
    });
    const on = await post('resa', '/device/set_geo_plus', `id=${w.systemA1}&value=1`);
    expect(on.json()).toMatchObject({ has_error: false, setting: true });
    expect((await systemRow(w.systemA1)).geo_enabled).toBe(1);
    expect((await get('resa', `/device/get_geo_summary/${w.systemA1}`)).json().data).toMatchObject({
      enabled: true,
      status: 'PENDING',
      in_progress: true,
      inherited: false,
    });
    expect((await get('resa', `/device/get_device_actions/${w.systemA1}`)).json().geoPlusEnabled).toBe(true);
    const off = await post('resa', '/device/set_geo_plus', `id=${w.systemA1}&value=0`);
    expect(off.json()).toMatchObject({ has_error: false, setting: false });
    expect((await systemRow(w.systemA1)).geo_enabled).toBe(0);
    const audits = await t.dbh.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', 'like', 'device.geo_plus%')
      .execute();
    expect(audits.map((a) => a.action)).toEqual(['device.geo_plus.enable', 'device.geo_plus.disable']);
  });

  it('answers has_error for first-generation systems, and 403 to client users', async () => {
    expect((await post('resa', '/device/set_geo_plus', `id=${w.systemA2}&value=1`)).json()).toEqual({
      has_error: true,
      setting: false,
      message: GEO_NOT_AVAILABLE,
    });
    // Geo-plus needs the edit_protection right (contract rights.ts), which client users lack.
    const client = await post('clia1', '/device/set_geo_plus', `id=${w.systemA1}&value=1`);
    expect(client.statusCode).toBe(403);
    expect(client.json().message).toBe('You cannot change how systems are protected.');
    expect((await systemRow(w.systemA2)).geo_enabled).toBe(0);
  });

  it('404 for another organisation and 400 for a bad value, nothing changed', async () => {
    const before = await systemRow(w.systemA1);
    expect((await post('resb', '/device/set_geo_plus', `id=${w.systemA1}&value=1`)).statusCode).toBe(404);
    const bad = await post('resa', '/device/set_geo_plus', `id=${w.systemA1}&value=yes`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/value/);
    expect(await systemRow(w.systemA1)).toEqual(before);
  });
});

describe('alert thresholds', () => {
  const thresholds = async () => t.dbh.db.selectFrom('thresholds').selectAll().execute();

  it('reads defaults through the right flow: D2C by device, others with their appliance', async () => {
    const d2c = (await get('resa', `/device/get_device_alert_thresholds/${w.systemA2}`)).json();
    expect(d2c).toMatchObject({ is_d2c: true, appliance_id: null });
    expect(d2c.thresholds[0]).toMatchObject({
      kind: 'server',
      minutes: 2160,
      inherited: true,
      inherited_from: 'default',
    });
    expect(d2c.thresholds[1]).toMatchObject({ kind: 'local_cache', minutes: 4320, value: '3 days' });
    expect((await get('resa', `/device/get_device_alert_thresholds/${w.systemA1}`)).statusCode).toBe(404);
    const via = await get('resa', `/device/get_device_alert_thresholds/${w.applianceA1}/4/${w.systemA1}`);
    expect(via.json()).toMatchObject({ is_d2c: false, appliance_id: w.applianceA1 });
    expect(
      (await get('resa', `/device/get_device_alert_thresholds/${w.applianceB1}/4/${w.systemA1}`)).statusCode,
    ).toBe(404);
    expect(
      (await get('resb', `/device/get_device_alert_thresholds/${w.applianceA1}/4/${w.systemA1}`)).statusCode,
    ).toBe(404);
  });

  it('inherits from the client, saves the system’s own and shows it in the protection summary', async () => {
    await t.dbh.db
      .insertInto('thresholds')
      .values({ scope_kind: 'client', scope_id: w.clientA1, kind: 'server', minutes: 4320, enabled: 1 })
      .execute();
    const before = (await get('resa', `/device/get_device_protection_summary_data/${w.systemA1}`)).json();
    expect(before.thresholds[0]).toMatchObject({ minutes: 4320, inherited_from: 'client' });
    const res = await post(
      'resa',
      `/device/save_device_alert_thresholds/${w.applianceA1}/4`,
      `id=${w.systemA1}&backup_minutes=720&backup_enabled=1&local_cache_minutes=10080&local_cache_enabled=0`,
    );
    expect(res.statusCode).toBe(200);
    const after = (await get('resa', `/device/get_device_protection_summary_data/${w.systemA1}`)).json();
    expect(after.thresholds).toEqual([
      expect.objectContaining({
        kind: 'server',
        minutes: 720,
        value: '12 hours',
        enabled: true,
        inherited: false,
      }),
      expect.objectContaining({ kind: 'local_cache', minutes: 10080, value: '7 days', enabled: false }),
    ]);
    const audit = await t.dbh.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'device.thresholds.save')
      .execute();
    expect(audit).toHaveLength(1);
    const details = JSON.parse(audit[0]?.details as string);
    expect(details.old[0]).toMatchObject({ kind: 'server', minutes: 4320, from: 'client' });
    expect(details.new[0]).toMatchObject({ kind: 'server', minutes: 720, from: 'system' });
    // Saving again updates the same rows.
    await post(
      'resa',
      `/device/save_device_alert_thresholds/${w.applianceA1}/4`,
      `id=${w.systemA1}&backup_minutes=2880&backup_enabled=1`,
    );
    expect((await thresholds()).filter((r) => r.scope_kind === 'system')).toHaveLength(2);
  });

  it('refuses values out of range with the range message, and other flows or users', async () => {
    const before = await thresholds();
    for (const v of ['60', '9000000', 'abc', '', '150']) {
      const res = await post(
        'resa',
        '/device/save_device_alert_thresholds',
        `id=${w.systemA2}&backup_minutes=${v}&backup_enabled=1`,
      );
      expect(res.statusCode, v).toBe(400);
      expect(res.json().message).toBe('Enter a whole number of hours between 2 and 8760.');
    }
    const cache = await post(
      'resa',
      '/device/save_device_alert_thresholds',
      `id=${w.systemA2}&backup_minutes=120&backup_enabled=1&local_cache_minutes=30240`,
    );
    expect(cache.json().message).toBe('Enter a whole number of days between 1 and 14.');
    // Non-D2C system through the D2C flow, another reseller, a client user.
    expect(
      (
        await post(
          'resa',
          '/device/save_device_alert_thresholds',
          `id=${w.systemA1}&backup_minutes=120&backup_enabled=1`,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await post(
          'resb',
          '/device/save_device_alert_thresholds',
          `id=${w.systemA2}&backup_minutes=120&backup_enabled=1`,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await post(
          'clia1',
          `/device/save_device_alert_thresholds/${w.applianceA1}/4`,
          `id=${w.systemA1}&backup_minutes=120&backup_enabled=1`,
        )
      ).statusCode,
    ).toBe(403);
    expect(await thresholds()).toEqual(before);
  });
});

describe('device actions and the cloud AutoVerify run', () => {
  it('disables the run with the queued tooltip once started', async () => {
    const before = (await get('resa', `/device/get_device_actions/${w.systemA1}`)).json();
    expect(before).toMatchObject({
      autoverifyDisabled: false,
      showRecover: true,
      showAutoverify: true,
      showAlertSettings: true,
      isD2C: false,
      clientId: w.clientA1,
      applianceId: w.applianceA1,
    });
    const started = (await post('resa', '/device/start_cloud_autoverify', `id=${w.systemA1}`)).json();
    expect(started.success).toBe(true);
    const after = (await get('resa', `/device/get_device_actions/${w.systemA1}`)).json();
    expect(after).toMatchObject({
      autoverifyDisabled: true,
      autoverifyTooltip: AUTOVERIFY_QUEUED_TOOLTIP,
      autoverifyOperationId: started.operation_id,
    });
    const client = (await get('clia1', `/device/get_device_actions/${w.systemA1}`)).json();
    expect(client).toMatchObject({ showAlertSettings: false, showGeoPlus: false });
  });
});
