import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWorld, TEST_PASSWORD, type World } from '../../test/factories';
import { call, createTestApp, loginAs, type Session, type TestApp } from '../../test/harness';

// The virtual office network (IPsec sites, runbook settings) and appliance update schedules
// (issue 17.5-6): shape, limits, scope 404, client users read only, bad input 400, audited.

let t: TestApp;
let w: World;
const s: Record<string, Session> = {};
beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t.dbh.db, t.clock.now());
  for (const name of ['staff', 'resa', 'resb', 'clia1']) s[name] = await loginAs(t.app, name, TEST_PASSWORD);
});
afterAll(() => t.close());

const get = (who: string, url: string) => call(t.app, s[who] as Session, { method: 'GET', url });
const post = (who: string, url: string, payload?: unknown) =>
  call(t.app, s[who] as Session, {
    method: 'POST',
    url,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const postForm = (who: string, url: string, form: Record<string, string>) =>
  call(t.app, s[who] as Session, {
    method: 'POST',
    url,
    payload: new URLSearchParams(form).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
const C = '/settings/client_settings';
const audits = (action: string) =>
  t.dbh.db.selectFrom('audit_log').select(['details', 'target_id']).where('action', '=', action).execute();
const site = (n: number, extra: Record<string, unknown> = {}) => ({
  name: `Office ${n}`,
  public_ip: `203.0.113.${n}`,
  remote_ip: '10.0.0.1',
  remote_name: `fw${n}.example.com`,
  remote_subnets: [`192.168.${n}.0/24`],
  ...extra,
});

describe('IPsec sites', () => {
  it('adds a site with a key, answers it, downloads its configuration, and audits old and new', async () => {
    const empty = await get('resa', `${C}/get_office_network/${w.clientA1}`);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toMatchObject({ ok: true, client_id: w.clientA1, can_edit: true, sites: [] });
    expect(empty.json().office.networks).toHaveLength(1);

    const added = await post('resa', `${C}/save_ipsec_site/${w.clientA1}`, site(1));
    expect(added.statusCode).toBe(200);
    const [first] = added.json().sites;
    expect(first).toMatchObject({ name: 'Office 1', remote_subnets: ['192.168.1.0/24'] });
    expect(first.psk).toMatch(/^[\w-]{40,}$/);
    // The key is stored sealed, never in clear.
    const row = await t.dbh.db.selectFrom('ipsec_sites').select('psk_sealed').executeTakeFirstOrThrow();
    expect(row.psk_sealed).not.toContain(first.psk);

    const conf = await t.app.inject({
      method: 'GET',
      url: `${C}/ipsec_site_config/${w.clientA1}/${first.id}`,
      headers: { cookie: (s.resa as Session).cookie },
    });
    expect(conf.statusCode).toBe(200);
    expect(conf.headers['content-disposition']).toContain('.swanctl.conf');
    expect(conf.body).toContain('local_ts = 192.168.1.0/24');
    expect(conf.body).toContain(`secret = "${first.psk}"`);
    expect(conf.body).toContain('version = 2');

    const changed = await post('resa', `${C}/save_ipsec_site/${w.clientA1}`, {
      ...site(1),
      site_id: first.id,
      remote_subnets: ['192.168.1.0/24', '10.1.0.0/16'],
    });
    expect(changed.json().sites[0].remote_subnets).toEqual(['192.168.1.0/24', '10.1.0.0/16']);
    expect(changed.json().sites[0].psk).toBe(first.psk);
    const [log] = await audits('settings.ipsec_site_changed');
    const details = JSON.parse(log?.details as string);
    expect(details.old.remote_subnets).toEqual(['192.168.1.0/24']);
    expect(details.new.remote_subnets).toEqual(['192.168.1.0/24', '10.1.0.0/16']);
    expect(JSON.stringify(details)).not.toContain(first.psk);

    const gone = await post('resa', `${C}/delete_ipsec_site/${w.clientA1}`, { site_id: first.id });
    expect(gone.json().sites).toEqual([]);
    expect(await audits('settings.ipsec_site_deleted')).toHaveLength(1);
  });

  it('holds at most 10 sites and 10 subnets per site, and checks addresses and networks', async () => {
    for (let n = 1; n <= 10; n++)
      expect((await post('resa', `${C}/save_ipsec_site/${w.clientA2}`, site(n))).statusCode).toBe(200);
    // Listed as a person reads the names: Office 2 before Office 10.
    const listed = (await get('resa', `${C}/get_office_network/${w.clientA2}`)).json().sites;
    expect(listed.map((x: { name: string }) => x.name)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Office ${i + 1}`),
    );
    const eleventh = await post('resa', `${C}/save_ipsec_site/${w.clientA2}`, site(11));
    expect(eleventh.statusCode).toBe(400);
    expect(eleventh.json().message).toBe('A client can have at most 10 IPsec sites.');
    const bad = async (extra: Record<string, unknown>, field: string) => {
      const res = await post('resa', `${C}/save_ipsec_site/${w.clientA1}`, site(5, extra));
      expect(res.statusCode).toBe(400);
      expect(res.json().fields?.[field] ?? res.json().message).toBeTruthy();
      return res.json();
    };
    const eleven = Array.from({ length: 11 }, (_, i) => `10.${i}.0.0/16`);
    expect((await bad({ remote_subnets: eleven }, 'remote_subnets')).fields.remote_subnets).toBe(
      'A site can have at most 10 remote subnets.',
    );
    expect((await bad({ remote_subnets: [] }, 'remote_subnets')).fields.remote_subnets).toMatch(
      /at least one/,
    );
    expect(
      (await bad({ remote_subnets: ['192.168.1.1/24'] }, 'remote_subnets')).fields.remote_subnets,
    ).toMatch(/host bits zero/);
    expect((await bad({ public_ip: '300.1.1.1' }, 'public_ip')).fields.public_ip).toMatch(/0 to 255/);
    expect((await bad({ remote_ip: '' }, 'remote_ip')).fields.remote_ip).toBe('Enter the remote IP.');
    const dup = await post('resa', `${C}/save_ipsec_site/${w.clientA2}`, {
      ...site(3),
      site_id: undefined,
      name: 'office 1',
    });
    expect(dup.statusCode).toBe(400);
  });

  it('is 404 for another tenant, a foreign site, or a bad id; client users read and download, not edit', async () => {
    const mine = await post('resa', `${C}/save_ipsec_site/${w.clientA1}`, site(7));
    const id = mine.json().sites[0].id;
    expect((await get('resb', `${C}/get_office_network/${w.clientA1}`)).statusCode).toBe(404);
    expect((await post('resb', `${C}/save_ipsec_site/${w.clientA1}`, site(8))).statusCode).toBe(404);
    expect((await post('resb', `${C}/delete_ipsec_site/${w.clientB1}`, { site_id: id })).statusCode).toBe(
      404,
    );
    expect((await get('resa', `${C}/get_office_network/abc`)).statusCode).toBe(404);
    const foreignSite = await t.app.inject({
      method: 'GET',
      url: `${C}/ipsec_site_config/${w.clientB1}/${id}`,
      headers: { cookie: (s.resb as Session).cookie },
    });
    expect(foreignSite.statusCode).toBe(404);
    const client = await get('clia1', `${C}/get_office_network/${w.clientA1}`);
    expect(client.statusCode).toBe(200);
    expect(client.json().can_edit).toBe(false);
    expect(client.json().sites[0].psk).toBeTruthy();
    const own = await t.app.inject({
      method: 'GET',
      url: `${C}/ipsec_site_config/${w.clientA1}/${id}`,
      headers: { cookie: (s.clia1 as Session).cookie },
    });
    expect(own.statusCode).toBe(200);
    expect((await post('clia1', `${C}/save_ipsec_site/${w.clientA1}`, site(9))).statusCode).toBe(403);
  });
});

describe('runbook settings', () => {
  it('saves each list checked, answers it normalised, and audits old and new', async () => {
    const body = {
      vpn_users: ['Alice', 'bob'],
      dhcp_dns_servers: ['8.8.8.8'],
      s2s_allowed_ips: ['10.100.0.5', '10.100.1.0/24'],
      auth_method: 'ad',
      connection_type: 'plain',
      port_forwards: [{ ip: '10.100.0.5', protocol: 'tcp', public_port: 3389, private_port: 3389 }],
      dhcp_mappings: [{ mac: '00-1A-2B-3C-4D-5E', ip: '10.100.0.9' }],
    };
    const res = await post('resa', `${C}/save_runbook_settings/${w.clientA1}`, body);
    expect(res.statusCode).toBe(200);
    expect(res.json().runbook).toMatchObject({
      vpn_users: ['alice', 'bob'],
      s2s_allowed_ips: ['10.100.0.5/32', '10.100.1.0/24'],
      dhcp_mappings: [{ mac: '00:1a:2b:3c:4d:5e', ip: '10.100.0.9' }],
      auth_method: 'ad',
    });
    expect(res.json().office.networks).toEqual(['10.100.0.5/32', '10.100.1.0/24']);
    const [log] = await audits('settings.runbook');
    const d = JSON.parse(log?.details as string);
    expect(d.old.auth_method).toBe('direct');
    expect(d.new.auth_method).toBe('ad');

    const bad = await post('resa', `${C}/save_runbook_settings/${w.clientA1}`, {
      ...body,
      dhcp_dns_servers: ['8.8.8'],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/8\.8\.8 is not an IPv4 address/);
    const port = await post('resa', `${C}/save_runbook_settings/${w.clientA1}`, {
      ...body,
      port_forwards: [{ ...body.port_forwards[0], public_port: 70000 }],
    });
    expect(port.statusCode).toBe(400);
    expect((await post('resb', `${C}/save_runbook_settings/${w.clientA1}`, body)).statusCode).toBe(404);
    expect((await post('clia1', `${C}/save_runbook_settings/${w.clientA1}`, body)).statusCode).toBe(403);
  });
});

describe('appliance update schedules', () => {
  it('adds a schedule, adds appliances with a warning per identifier not added, and shows it on the appliance', async () => {
    const created = await post('resa', `/update_schedule/save/${w.resellerA}`, {
      name: 'Sunday night',
      day: 'sun',
      start: '22:00',
      hours: 4,
    });
    expect(created.statusCode).toBe(200);
    const [sched] = created.json().schedules;
    expect(sched).toMatchObject({ name: 'Sunday night', window: 'Sunday 22:00–02:00', appliances: [] });

    const dialog = await get('resa', `/update_schedule/add_sids_to_update_schedule_dialog/${sched.id}`);
    expect(dialog.json()).toMatchObject({ ok: true, title: 'Add appliances to Sunday night' });

    const other = await post('resb', `/update_schedule/save/${w.resellerB}`, {
      name: 'B nights',
      day: 'sat',
      start: '01:00',
      hours: 2,
    });
    const saved = await postForm('resa', '/update_schedule/save_appliances', {
      app_sids: 'a1a1a1,zzzz99,b1b1b1,a1a1a1',
      update_schedule_id: String(sched.id),
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().added).toEqual(['a1a1a1']);
    expect(saved.json().warnings).toEqual([
      'zzzz99: no appliance has this identifier.',
      'b1b1b1: no appliance has this identifier.',
    ]);
    // Staff see every tenant: B's appliance is named as another reseller's.
    const staffSaved = await postForm('staff', '/update_schedule/save_appliances', {
      app_sids: 'b1b1b1',
      update_schedule_id: String(sched.id),
    });
    expect(staffSaved.json().warnings[0]).toMatch(/another reseller's client/);
    // Already in another schedule of the same reseller.
    const second = await post('resa', `/update_schedule/save/${w.resellerA}`, {
      name: 'Second',
      day: 'wed',
      start: '03:30',
      hours: 1,
    });
    const secondId = second.json().schedules.find((x: { name: string }) => x.name === 'Second').id;
    const again = await postForm('resa', '/update_schedule/save_appliances', {
      app_sids: 'a1a1a1',
      update_schedule_id: String(secondId),
    });
    expect(again.json().warnings).toEqual([
      'a1a1a1: this appliance is already in the schedule Sunday night; take it out there first.',
    ]);
    expect(other.statusCode).toBe(200);
    const onAppliance = await get('clia1', `/update_schedule/for_appliance/${w.applianceA1}`);
    expect(onAppliance.json().schedule).toMatchObject({ name: 'Sunday night', window: 'Sunday 22:00–02:00' });
    expect((await get('resb', `/update_schedule/for_appliance/${w.applianceA1}`)).statusCode).toBe(404);
    const [log] = await audits('settings.update_schedule_appliances');
    expect(JSON.parse(log?.details as string).new).toEqual(['a1a1a1']);

    const removed = await post('resa', `/update_schedule/remove_appliance/${sched.id}`, {
      appliance_id: w.applianceA1,
    });
    expect(removed.json().schedules[0].appliances).toEqual([]);
    expect(
      (await get('clia1', `/update_schedule/for_appliance/${w.applianceA1}`)).json().schedule,
    ).toBeNull();
  });

  it('refuses bad input with a sentence, another tenant with 404, and client users with 403 or 404', async () => {
    const bad = await post('resa', `/update_schedule/save/${w.resellerA}`, {
      name: 'x',
      day: 'someday',
      start: '25:00',
      hours: 30,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({
      day: 'Choose the day of the week.',
      start: 'Enter the start as HH:MM on a 24-hour clock, such as 22:00.',
    });
    const list = await get('resa', `/update_schedule/list/${w.resellerA}`);
    const id = list.json().schedules[0].id;
    const sids = await postForm('resa', '/update_schedule/save_appliances', {
      app_sids: 'ABC;1',
      update_schedule_id: String(id),
    });
    expect(sids.statusCode).toBe(400);
    expect(sids.json().fields.app_sids).toMatch(/digits and lower-case letters/);
    const none = await postForm('resa', '/update_schedule/save_appliances', {
      app_sids: ',',
      update_schedule_id: String(id),
    });
    expect(none.json().fields.app_sids).toBe('Enter at least one appliance identifier.');
    expect((await get('resb', `/update_schedule/list/${w.resellerA}`)).statusCode).toBe(404);
    expect((await get('resb', `/update_schedule/add_sids_to_update_schedule_dialog/${id}`)).statusCode).toBe(
      404,
    );
    expect(
      (
        await postForm('resb', '/update_schedule/save_appliances', {
          app_sids: 'b1b1b1',
          update_schedule_id: String(id),
        })
      ).statusCode,
    ).toBe(404);
    expect((await post('resb', `/update_schedule/delete/${id}`)).statusCode).toBe(404);
    expect((await get('clia1', `/update_schedule/add_sids_to_update_schedule_dialog/${id}`)).statusCode).toBe(
      404,
    );
    expect((await get('resa', '/update_schedule/for_appliance/xyz')).statusCode).toBe(404);
    const deleted = await post('resa', `/update_schedule/delete/${id}`);
    expect(deleted.statusCode).toBe(200);
    expect(await audits('settings.update_schedule_deleted')).toHaveLength(1);
  });
});
