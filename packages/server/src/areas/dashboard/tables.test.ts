import { describe, expect, it } from 'vitest';
import { call } from '../../test/harness';
import { HOUR, useDashboardTestApp } from './test-world';

// The three entity tables: POST /{data_url}/{id}/{page}/{rows}, GET /{count_url}/{id},
// GET /{loadValuesUrl} (spec: dashboard-device-azure 7), and the AutoVerify thumbnail.

const c = useDashboardTestApp();

const post = (who: string, url: string, form: Record<string, unknown> = {}) =>
  call(c.t.app, c.s[who]!, {
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(
      Object.fromEntries(Object.entries(form).map(([k, v]) => [k, JSON.stringify(v)])),
    ).toString(),
  });
const ps = (who: string, id: number, page = 1, rows = 10, form: Record<string, unknown> = {}) =>
  post(who, `/reseller/dashboard/protected_systems/${id}/${page}/${rows}`, form);
const names = (res: { json(): { content: { name: string }[] } }) => res.json().content.map((r) => r.name);

describe('protected systems table', () => {
  it('pages in name order with the total, and an empty page past the end', async () => {
    const p1 = await ps('resa', c.w.resellerA, 1, 10);
    expect(p1.statusCode).toBe(200);
    expect(p1.json().records_count).toBe(14);
    expect(names(p1)).toEqual([
      'FS01-A1',
      'SQL01-A2',
      'SYS-00',
      'SYS-01',
      'SYS-02',
      'SYS-03',
      'SYS-04',
      'SYS-05',
      'SYS-06',
      'SYS-07',
    ]);
    const p2 = await ps('resa', c.w.resellerA, 2, 10);
    expect(names(p2)).toEqual(['SYS-08', 'SYS-09', 'SYS-10', 'SYS-11']);
    const p3 = await ps('resa', c.w.resellerA, 3, 10);
    expect(p3.json()).toMatchObject({ content: [], records_count: 14 });
  });

  it('filters by health, type and client, and searches by name', async () => {
    const troubled = await ps('resa', c.w.resellerA, 1, 10, { filters: { health_status: ['TROUBLED'] } });
    expect(names(troubled)).toEqual(['SYS-00', 'SYS-01', 'SYS-02']);
    const two = await ps('resa', c.w.resellerA, 1, 10, {
      filters: { health_status: ['TROUBLED', 'WARNED'] },
    });
    expect(two.json().records_count).toBe(5);
    const nas = await ps('resa', c.w.resellerA, 1, 10, { filters: { device_type: ['nas'] } });
    expect(names(nas)).toEqual(['SYS-11']);
    const a2 = await ps('resa', c.w.resellerA, 1, 10, { filters: { client_id: [String(c.w.clientA2)] } });
    expect(names(a2)).toEqual(['SQL01-A2']);
    const search = await ps('resa', c.w.resellerA, 1, 10, { search: { value: 'sys-1' } });
    expect(names(search)).toEqual(['SYS-10', 'SYS-11']);
    const none = await ps('resa', c.w.resellerA, 1, 10, { search: '100%_' });
    expect(none.json()).toMatchObject({ content: [], records_count: 0 });
    expect(none.json().empty_desc).toMatch(/match/);
    // Another reseller's client as a filter finds nothing of it.
    const other = await ps('resa', c.w.resellerA, 1, 10, { filters: { client_id: [String(c.w.clientB1)] } });
    expect(other.json().records_count).toBe(0);
  });

  it('fills every cell of a row', async () => {
    const res = await ps('resa', c.w.resellerA, 1, 1);
    const row = res.json().content[0];
    expect(row).toMatchObject({
      id: c.w.systemA1,
      name: 'FS01-A1',
      client_name: 'Client A1',
      health_status: 'NORMAL',
      health_icon: 'green',
      version: '4.1.0',
      restore_points_in_use_count: 2,
      restore_points_in_use_text: '2 restore points in use',
      storage_info_desc: 'On APP-a1a1a1',
    });
    expect(row.autoverify).toMatchObject({
      available: true,
      has_thumbnail: true,
      icon: 'success',
      last_rp: c.t.clock.now() - HOUR,
      last_rp_text: 'Verified 40 minutes ago',
    });
    expect(row.last_rp).toMatchObject({
      has_rp: true,
      schedule_name: 'Nightly image',
      time_ago: '1 hour ago',
      is_alerted: false,
    });
    expect(row.vault).toMatchObject({
      vault_id: c.d.cloudVault,
      has_extra_vaults: true,
      extra_vaults_text: '+1 more',
      appliance: { appliance_id: c.w.applianceA1, appliance_name: 'APP-a1a1a1' },
    });
    expect(row.vault.vault_info).toHaveLength(2);
    const troubled = (
      await ps('resa', c.w.resellerA, 1, 10, { filters: { health_status: ['TROUBLED'] } })
    ).json().content[0];
    expect(troubled.last_rp.is_alerted).toBe(true);
    expect(troubled.last_rp.no_jobs_text).toMatch(/No backup job/);
    expect(troubled.health_support_text).toMatch(/The last 3 backups failed/);
    const nas = (await ps('resa', c.w.resellerA, 1, 10, { filters: { device_type: ['nas'] } })).json()
      .content[0];
    expect(nas.autoverify).toMatchObject({
      available: false,
      unavailable_text: expect.stringMatching(/NAS/),
    });
  });

  it('sorts by a whitelisted column, name and id breaking ties, and refuses any other', async () => {
    const sorted = (table: string, sort: string, dir = '', rows = 20) =>
      call(c.t.app, c.s.resa!, {
        method: 'POST',
        url: `/reseller/dashboard/${table}/${c.w.resellerA}/1/${rows}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ sort, dir }).toString(),
      });
    const byName = names(await ps('resa', c.w.resellerA, 1, 20));
    const desc = await sorted('protected_systems', 'name', 'desc');
    expect(names(desc)).toEqual([...byName].reverse());
    // Health by severity, worst first; equal health in name order.
    const health = (await sorted('protected_systems', 'health_status')).json().content as {
      name: string;
      health_status: string;
    }[];
    expect(health.slice(0, 3).map((r) => r.name)).toEqual(['SYS-00', 'SYS-01', 'SYS-02']);
    const worst = (await sorted('protected_systems', 'health_status', 'desc')).json().content;
    expect(worst.at(-1).name).toBe('SYS-02');
    for (const sort of ['client_name', 'last_rp']) {
      const res = await sorted('protected_systems', sort, 'desc');
      expect(res.statusCode, sort).toBe(200);
      expect(res.json().records_count).toBe(14);
    }
    const vaults = await sorted('vaults', 'workstations', 'desc');
    expect(vaults.json().content.map((r: { name: string }) => r.name)).toEqual(['Cloud EU-1', 'A private']);
    expect((await sorted('appliances', 'license_usage')).statusCode).toBe(200);
    for (const [table, sort, dir] of [
      ['protected_systems', 'ps.id; drop table users', ''],
      ['protected_systems', 'vault', ''],
      ['vaults', 'client_name', ''],
      ['protected_systems', 'name', 'sideways'],
    ] as const) {
      const res = await sorted(table, sort, dir);
      expect(res.statusCode, `${table} ${sort} ${dir}`).toBe(400);
    }
  });

  it('answers 400 with a message for bad input', async () => {
    const cases: [string, Record<string, unknown> | string, RegExp][] = [
      ['/reseller/dashboard/protected_systems/ID/0/10', {}, /page/],
      ['/reseller/dashboard/protected_systems/ID/1/0', {}, /Rows per page/],
      ['/reseller/dashboard/protected_systems/ID/1/101', {}, /Rows per page/],
      ['/reseller/dashboard/protected_systems/ID/x/10', {}, /page/],
      [
        '/reseller/dashboard/protected_systems/ID/1/10',
        { filters: { colour: ['red'] } },
        /no filter "colour"/,
      ],
      [
        '/reseller/dashboard/protected_systems/ID/1/10',
        { filters: { health_status: ['GREAT'] } },
        /not a value/,
      ],
      ['/reseller/dashboard/protected_systems/ID/1/10', { filters: ['TROUBLED'] }, /object/],
      ['/reseller/dashboard/protected_systems/ID/1/10', { search: { value: 'x'.repeat(129) } }, /too long/],
      ['/reseller/dashboard/protected_systems/ID/1/10', 'filters=%7Bnope', /not valid JSON/],
    ];
    for (const [path, form, message] of cases) {
      const url = path.replace('ID', String(c.w.resellerA));
      const res =
        typeof form === 'string'
          ? await call(c.t.app, c.s.resa!, {
              method: 'POST',
              url,
              headers: { 'content-type': 'application/x-www-form-urlencoded' },
              payload: form,
            })
          : await post('resa', url, form);
      expect(res.statusCode, path).toBe(400);
      expect(res.json().message).toMatch(message);
    }
  });

  it('answers 404 for another reseller, a client user, and a junk id', async () => {
    expect((await ps('resb', c.w.resellerA)).statusCode).toBe(404);
    expect((await ps('clia1', c.w.resellerA)).statusCode).toBe(404);
    expect((await post('resa', '/reseller/dashboard/protected_systems/abc/1/10')).statusCode).toBe(404);
  });
});

describe('appliance and vault tables', () => {
  it('lists the reseller’s appliances with licence usage and health', async () => {
    const res = await post('resa', `/reseller/dashboard/appliances/${c.w.resellerA}/1/10`);
    expect(res.json().records_count).toBe(1);
    expect(res.json().content[0]).toMatchObject({
      id: c.w.applianceA1,
      sid: 'a1a1a1',
      name: 'APP-a1a1a1',
      health_status: 'TROUBLED',
      is_storage_license: true,
      license_name: 'Storage 4 TB',
    });
    const healthy = await post('resa', `/reseller/dashboard/appliances/${c.w.resellerA}/1/10`, {
      filters: { health_status: ['NORMAL'] },
    });
    expect(healthy.json().records_count).toBe(0);
    expect((await post('resb', `/reseller/dashboard/appliances/${c.w.resellerA}/1/10`)).statusCode).toBe(404);
  });

  it('lists the vaults in use with this reseller’s counts only', async () => {
    const res = await post('resa', `/reseller/dashboard/vaults/${c.w.resellerA}/1/10`);
    const rows = res.json().content;
    expect(rows.map((r: { name: string }) => r.name)).toEqual(['A private', 'Cloud EU-1']);
    // The shared cloud vault: A1 + 12 extra systems of A (5 workstations; NAS counts as a server), not B's.
    expect(rows[1]).toMatchObject({
      id: c.d.cloudVault,
      vault_type: 'cloud',
      workstations: 5,
      servers: 8,
      health_status: 'TROUBLED',
    });
    expect(rows.some((r: { id: number }) => r.id === c.d.privateVaultB)).toBe(false);
    const cloud = await post('resa', `/reseller/dashboard/vaults/${c.w.resellerA}/1/10`, {
      filters: { vault_type: ['cloud'] },
      search: 'eu',
    });
    expect(cloud.json().records_count).toBe(1);
  });

  it('count labels count the table before filters', async () => {
    const get = (table: string) =>
      call(c.t.app, c.s.resa!, { method: 'GET', url: `/reseller/dashboard/${table}/count/${c.w.resellerA}` });
    expect((await get('protected_systems')).json()).toEqual({
      count: 14,
      count_label: '14 protected systems',
    });
    expect((await get('appliances')).json()).toEqual({ count: 1, count_label: '1 appliance' });
    expect((await get('vaults')).json()).toEqual({ count: 2, count_label: '2 vaults' });
    const other = await call(c.t.app, c.s.resb!, {
      method: 'GET',
      url: `/reseller/dashboard/vaults/count/${c.w.resellerA}`,
    });
    expect(other.statusCode).toBe(404);
  });

  it('filter values: fixed lists, and the reseller’s own clients', async () => {
    const get = (who: string, url: string) => call(c.t.app, c.s[who]!, { method: 'GET', url });
    const clients = await get(
      'resa',
      `/reseller/dashboard/filter_values/protected_systems/client_id/${c.w.resellerA}`,
    );
    expect(clients.json().options).toEqual([
      { value: String(c.w.clientA1), label: 'Client A1' },
      { value: String(c.w.clientA2), label: 'Client A2' },
    ]);
    const health = await get(
      'resa',
      `/reseller/dashboard/filter_values/vaults/health_status/${c.w.resellerA}`,
    );
    expect(health.json().options.map((o: { value: string }) => o.value)).toContain('TROUBLED');
    expect(
      (await get('resa', `/reseller/dashboard/filter_values/vaults/colour/${c.w.resellerA}`)).statusCode,
    ).toBe(404);
    expect(
      (await get('resb', `/reseller/dashboard/filter_values/protected_systems/client_id/${c.w.resellerA}`))
        .statusCode,
    ).toBe(404);
  });
});

describe("a client's page tables", () => {
  it('show only that client’s rows, to its own user and to its reseller', async () => {
    const mine = await post('clia1', `/client/dashboard/protected_systems/${c.w.clientA1}/1/20`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().records_count).toBe(13);
    expect(names(mine)).not.toContain('SQL01-A2');
    const byReseller = await post('resa', `/client/dashboard/protected_systems/${c.w.clientA2}/1/20`);
    expect(names(byReseller)).toEqual(['SQL01-A2']);
    expect((await post('clia1', `/client/dashboard/protected_systems/${c.w.clientA2}/1/20`)).statusCode).toBe(
      404,
    );
    expect((await post('resb', `/client/dashboard/appliances/${c.w.clientA1}/1/20`)).statusCode).toBe(404);
    // A reseller id is not a client.
    expect((await post('resa', `/client/dashboard/vaults/${c.w.resellerA}/1/20`)).statusCode).toBe(404);
    const page = await call(c.t.app, c.s.clia1!, {
      method: 'GET',
      url: `/client/get_dashboard_page_data/${c.w.clientA1}`,
    });
    expect(page.json()).toMatchObject({
      owner: 'client',
      client_id: c.w.clientA1,
      reseller_id: c.w.resellerA,
    });
    expect(page.json().protected_system.filters.map((f: { key: string }) => f.key)).toEqual([
      'health_status',
      'device_type',
    ]);
    const columns = page.json().protected_system.columns.map((c: { key: string }) => c.key);
    expect(columns).not.toContain('client_name');
    expect(columns).toContain('last_rp');
  });
});

describe('GET /reseller/get_ps_autoverify_thumbnail/{resellerId}/{psId}/{lastRp}', () => {
  const url = (r: number, p: number, rp: number | string) =>
    `/reseller/get_ps_autoverify_thumbnail/${r}/${p}/${rp}`;
  it('serves the PNG with the session cookie alone (an <img>)', async () => {
    const res = await c.t.app.inject({
      method: 'GET',
      url: url(c.w.resellerA, c.w.systemA1, c.t.clock.now() - HOUR),
      headers: { cookie: c.s.resa!.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.subarray(1, 4).toString()).toBe('PNG');
  });
  it('answers 404 for another reseller, a wrong reseller in the path, or an unknown point', async () => {
    const rp = c.t.clock.now() - HOUR;
    const get = (who: string, u: string) =>
      c.t.app.inject({ method: 'GET', url: u, headers: { cookie: c.s[who]!.cookie } });
    expect((await get('resb', url(c.w.resellerA, c.w.systemA1, rp))).statusCode).toBe(404);
    expect((await get('resb', url(c.w.resellerB, c.w.systemA1, rp))).statusCode).toBe(404);
    expect((await get('resa', url(c.w.resellerB, c.w.systemA1, rp))).statusCode).toBe(404);
    expect((await get('resa', url(c.w.resellerA, c.w.systemA1, rp - 1))).statusCode).toBe(404);
    expect((await get('resa', url(c.w.resellerA, c.w.systemA1, 'x'))).statusCode).toBe(404);
  });
});
