import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { call } from '../../test/harness';
import { useDashboardTestApp } from './test-world';

// The dashboard's cards and settings calls (spec: dashboard-device-azure 7 'Dashboard').

const c = useDashboardTestApp();

const get = (who: string, url: string) => call(c.t.app, c.s[who]!, { method: 'GET', url });

describe('scope of every reseller call', () => {
  const paths = [
    'get_dashboard_page_data',
    'get_quick_actions_data',
    'get_organization_at_a_glance_data',
    'get_current_client_health',
    'get_protected_system_health_history',
    'get_collapsible_feeds',
    'agent_installers',
  ];
  it.each(paths)('%s: another reseller, a client id, a client user and junk ids answer 404', async (p) => {
    expect((await get('resb', `/reseller/${p}/${c.w.resellerA}`)).statusCode).toBe(404);
    expect((await get('resa', `/reseller/${p}/${c.w.clientA1}`)).statusCode).toBe(404);
    expect((await get('clia1', `/reseller/${p}/${c.w.resellerA}`)).statusCode).toBe(404);
    expect((await get('resa', `/reseller/${p}/abc`)).statusCode).toBe(404);
    expect((await get('resa', `/reseller/${p}/999999`)).statusCode).toBe(404);
  });
  it('lets the provider staff and the distributor open a reseller in their scope', async () => {
    expect((await get('staff', `/reseller/get_quick_actions_data/${c.w.resellerA}`)).statusCode).toBe(200);
    expect((await get('dist', `/reseller/get_quick_actions_data/${c.w.resellerB}`)).statusCode).toBe(200);
  });
  it('needs the anti-forgery header', async () => {
    const res = await c.t.app.inject({
      method: 'GET',
      url: `/reseller/get_quick_actions_data/${c.w.resellerA}`,
      headers: { cookie: c.s.resa!.cookie, 'x-requested-with': 'XMLHttpRequest' },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('GET /reseller/get_dashboard_page_data/{id}', () => {
  it('gives the block configs, quick filter values, appliances flag and refresh period', async () => {
    const res = await get('resa', `/reseller/get_dashboard_page_data/${c.w.resellerA}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.reseller_id).toBe(c.w.resellerA);
    expect(body.has_appliances).toBe(true);
    expect(body.refresh_period).toBe(60);
    // spec 2.2: 'Reseller dashboard (help key rmc_dashboard)'.
    expect(body.help_key).toBe('rmc_dashboard');
    expect(body.filters.map((f: { value: string }) => f.value)).toEqual(['TROUBLED', 'WARNED', 'NORMAL']);
    const ps = body.protected_system;
    expect(ps).toMatchObject({
      title_label: 'Protected systems',
      data_url: 'reseller/dashboard/protected_systems',
      count_url: 'reseller/dashboard/protected_systems/count',
      records_per_page_count: 10,
      datatable_id: 'reseller_protected_systems_table',
      selection_mode: 'single',
    });
    expect(ps.filters.map((f: { key: string }) => f.key)).toEqual([
      'health_status',
      'device_type',
      'client_id',
    ]);
    expect(ps.filters[2].loadValuesUrl).toBe(
      `reseller/dashboard/filter_values/protected_systems/client_id/${c.w.resellerA}`,
    );
    expect(body.appliance.data_url).toBe('reseller/dashboard/appliances');
    expect(body.vault.data_url).toBe('reseller/dashboard/vaults');
  });
  it('says so when a reseller has no appliances', async () => {
    await c.t.dbh.db
      .updateTable('protected_systems')
      .set({ appliance_id: null })
      .where('reseller_id', '=', c.w.resellerB)
      .execute();
    await c.t.dbh.db.deleteFrom('appliances').where('reseller_id', '=', c.w.resellerB).execute();
    const res = await get('resb', `/reseller/get_dashboard_page_data/${c.w.resellerB}`);
    expect(res.json().has_appliances).toBe(false);
  });
});

describe('POST /reseller/update_user_refresh_rate/{minutes}', () => {
  it('stores 5, 15 or 60 for this user only, and the page data brings it back', async () => {
    const res = await call(c.t.app, c.s.resa!, {
      method: 'POST',
      url: '/reseller/update_user_refresh_rate/15',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, refresh_period: 15 });
    expect(
      (await get('resa', `/reseller/get_dashboard_page_data/${c.w.resellerA}`)).json().refresh_period,
    ).toBe(15);
    expect(
      (await get('staff', `/reseller/get_dashboard_page_data/${c.w.resellerA}`)).json().refresh_period,
    ).toBe(60);
  });
  it.each(['7', '0', 'abc', '-5', '15.5'])('refuses %s with a 400 and changes nothing', async (m) => {
    const res = await call(c.t.app, c.s.resa!, {
      method: 'POST',
      url: `/reseller/update_user_refresh_rate/${m}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/5, 15 or 60 minutes/);
    const row = await c.t.dbh.db
      .selectFrom('users')
      .select('refresh_rate_minutes')
      .where('id', '=', c.w.users.resA)
      .executeTakeFirstOrThrow();
    expect(row.refresh_rate_minutes).toBe(15);
  });
});

describe('cards', () => {
  it('quick actions follow the organisation grants', async () => {
    const a = (await get('resa', `/reseller/get_quick_actions_data/${c.w.resellerA}`)).json();
    expect(a).toMatchObject({
      can_recover: true,
      can_create_client: true,
      can_download_agent: true,
      can_edit_policy: true,
      title: 'Quick actions',
    });
    expect(a.labels.add_client).toBe('Add client');
    const b = (await get('resb', `/reseller/get_quick_actions_data/${c.w.resellerB}`)).json();
    expect(b).toMatchObject({
      can_recover: false,
      can_create_client: false,
      can_download_agent: false,
      can_edit_policy: false,
    });
  });

  it('at a glance counts clients, unprotected clients, users, vaults, appliances, devices and cloud storage', async () => {
    await c.t.dbh.db
      .insertInto('organisations')
      .values({
        kind: 'client',
        parent_id: c.w.resellerA,
        reseller_id: c.w.resellerA,
        distributor_id: c.w.distributor,
        name: 'Empty client',
        name_lc: 'empty client',
        created_at: 1,
      })
      .execute();
    const g = (await get('resa', `/reseller/get_organization_at_a_glance_data/${c.w.resellerA}`)).json();
    const count = (k: string) => g.links.find((l: { key: string }) => l.key === k);
    expect(count('clients')).toMatchObject({
      count: 3,
      url: `/client/empty_table/?reseller_id=${c.w.resellerA}`,
    });
    expect(count('unprotected_clients')).toMatchObject({
      count: 1,
      url: `/client/empty_table/?reseller_id=${c.w.resellerA}&health_status=UNPROTECTED`,
    });
    expect(count('users').count).toBe(2);
    expect(count('vaults').count).toBe(2);
    expect(count('appliances').count).toBe(1);
    expect(count('devices')).toMatchObject({
      count: 14,
      url: `/devices/empty_table/?reseller_id=${c.w.resellerA}`,
    });
    expect(count('vo_information')).toMatchObject({ count: 0, url: '/failover/offices' });
    // 12 systems x 100 GB of a 1000 GB quota.
    expect(g.show_cloud_storage).toBe(true);
    expect(g.cloud_storage_used_percent).toBe(120);
    expect(g.cloud_storage_dialog.text).toMatch(/used up/);
    const b = (await get('resb', `/reseller/get_organization_at_a_glance_data/${c.w.resellerB}`)).json();
    expect(b.show_cloud_storage).toBe(false);
    expect(b.links.some((l: { key: string }) => l.key === 'vo_information')).toBe(false);
  });

  it('a client just added counts at once, though other figures are reused for a moment', async () => {
    const clients = async () =>
      (await get('resa', `/reseller/get_organization_at_a_glance_data/${c.w.resellerA}`))
        .json()
        .links.find((l: { key: string }) => l.key === 'clients').count;
    const before = await clients();
    await c.t.dbh.db
      .insertInto('organisations')
      .values({
        kind: 'client',
        parent_id: c.w.resellerA,
        reseller_id: c.w.resellerA,
        distributor_id: c.w.distributor,
        name: 'Brand new client',
        name_lc: 'brand new client',
        created_at: 1,
      })
      .execute();
    expect(await clients()).toBe(before + 1);
    const options = await get(
      'resa',
      `/reseller/dashboard/filter_values/protected_systems/client_id/${c.w.resellerA}`,
    );
    expect(options.json().options.map((o: { label: string }) => o.label)).toContain('Brand new client');
    const health = (await get('resa', `/reseller/get_current_client_health/${c.w.resellerA}`)).json();
    expect(
      health.health_of_all_clients_chart_data.find((d: { key: string }) => d.key === 'no_systems').value,
    ).toBeGreaterThan(0);
    await c.t.dbh.db.deleteFrom('organisations').where('name', '=', 'Brand new client').execute();
  });

  it('client health judges each client by its systems and their thresholds', async () => {
    const h = (await get('resa', `/reseller/get_current_client_health/${c.w.resellerA}`)).json();
    // A1 has troubled systems 5 days old (default server threshold 36 h); A2's 5-day-old point is
    // within its client threshold of 30 days; the empty client is not counted.
    expect(h.sla_compliant_percentage).toBe(50);
    expect(h.health_of_all_clients_chart_data).toEqual([
      { key: 'compliant', label: 'SLA-compliant', value: 1 },
      { key: 'not_compliant', label: 'Not compliant', value: 1 },
      { key: 'no_systems', label: 'No systems', value: 1 },
    ]);
    expect(h.definition).toMatch(/threshold/);
  });

  it('health history covers 7 days with gaps as null and a percent axis', async () => {
    const h = (await get('resa', `/reseller/get_protected_system_health_history/${c.w.resellerA}`)).json();
    expect(h.labels).toHaveLength(7);
    expect(h.labels[6]).toBe('11/20');
    // healthy 10 - d of 14 on day d before today; the day 4 days ago has no row.
    expect(h.data).toEqual([28.6, 35.7, null, 50, 57.1, 64.3, 71.4]);
    expect(h.y_max).toBe(100);
    expect(h.y_min).toBe(10);
    expect(h.step_size).toBe(20);
  });

  it('feeds are sanitised HTML naming troubled systems', async () => {
    await c.t.dbh.db
      .updateTable('protected_systems')
      .set({ name: '<img src=x onerror=alert(1)>', health_changed_at: c.t.clock.now() })
      .where('id', '=', c.d.troubledA)
      .execute();
    const res = await get('resa', `/reseller/get_collapsible_feeds/${c.w.resellerA}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('<summary>Recent failures</summary>');
    expect(res.body).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(res.body).not.toMatch(/<img/);
    expect(res.body).toContain(`href="/device/details/${c.d.troubledA}"`);
  });

  it('names and links the systems that have not reported a backup yet (issue 18.18)', async () => {
    const before = await c.t.dbh.db
      .selectFrom('protected_systems')
      .select(['health_status'])
      .where('id', '=', c.d.troubledA)
      .executeTakeFirstOrThrow();
    await c.t.dbh.db
      .updateTable('protected_systems')
      .set({ name: 'NEW-WS01', health_status: 'NODATA' })
      .where('id', '=', c.d.troubledA)
      .execute();
    try {
      const body = (await get('resa', `/reseller/get_collapsible_feeds/${c.w.resellerA}`)).body;
      const feed = body.slice(body.indexOf('data-feed="first_backup"'));
      expect(feed).toContain(`<a href="/device/details/${c.d.troubledA}">NEW-WS01</a>`);
      expect(feed).not.toMatch(/^[^<]*\d+ systems? have not reported/);
    } finally {
      await c.t.dbh.db
        .updateTable('protected_systems')
        .set({ health_status: before.health_status })
        .where('id', '=', c.d.troubledA)
        .execute();
    }
  });
});

describe('Download agent', () => {
  it('says honestly when no installer is installed, then lists and serves the installers', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'lifeboat-agents-'));
    c.t.ctx.config.agentDir = dir;
    try {
      const empty = (await get('resa', `/reseller/agent_installers/${c.w.resellerA}`)).json();
      expect(empty.installers).toEqual([]);
      expect(empty.message).toMatch(/No agent installers are installed/);
      await writeFile(path.join(dir, 'LifeboatAgent-4.1.0-x64.msi'), 'MSI!');
      await writeFile(path.join(dir, 'notes.txt'), 'not an installer');
      await mkdir(path.join(dir, 'sub.exe'));
      const list = (await get('resa', `/reseller/agent_installers/${c.w.resellerA}`)).json();
      expect(list.installers).toEqual([
        expect.objectContaining({
          file_name: 'LifeboatAgent-4.1.0-x64.msi',
          platform: 'Windows',
          size_bytes: 4,
          download_url: `/reseller/download_agent/${c.w.resellerA}/LifeboatAgent-4.1.0-x64.msi`,
        }),
      ]);
      const cookieOnly = (u: string, who = 'resa') =>
        c.t.app.inject({ method: 'GET', url: u, headers: { cookie: c.s[who]!.cookie } });
      const file = await cookieOnly(list.installers[0].download_url);
      expect(file.statusCode).toBe(200);
      expect(file.body).toBe('MSI!');
      expect(file.headers['content-disposition']).toBe('attachment; filename="LifeboatAgent-4.1.0-x64.msi"');
      expect((await cookieOnly(`/reseller/download_agent/${c.w.resellerA}/notes.txt`)).statusCode).toBe(404);
      expect(
        (await cookieOnly(`/reseller/download_agent/${c.w.resellerA}/..%2F..%2Fetc%2Fpasswd`)).statusCode,
      ).toBe(404);
      // Reseller B is not granted the download.
      expect(
        (await cookieOnly(`/reseller/download_agent/${c.w.resellerB}/LifeboatAgent-4.1.0-x64.msi`, 'resb'))
          .statusCode,
      ).toBe(403);
      expect((await cookieOnly(list.installers[0].download_url, 'resb')).statusCode).toBe(404);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
