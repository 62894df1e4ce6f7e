import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWorld, TEST_PASSWORD, type World } from '../../test/factories';
import { call, createTestApp, loginAs, type Session, type TestApp } from '../../test/harness';

// Figures that contradicted each other (issue 18.10), each against the place that disagreed.

let t: TestApp;
let w: World;
const s: Record<string, Session> = {};
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t.dbh.db, t.clock.now());
  for (const u of ['resa']) s[u] = await loginAs(t.app, u, TEST_PASSWORD);
});
afterAll(() => t.close());

const get = (url: string) => call(t.app, s.resa!, { method: 'GET', url });
const post = (url: string, payload: string) =>
  call(t.app, s.resa!, {
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload,
  });
const system = (id: number, set: Record<string, unknown>) =>
  t.dbh.db.updateTable('protected_systems').set(set).where('id', '=', id).execute();

describe('figures that agree', () => {
  it('"Unprotected clients" counts the clients its own link lists', async () => {
    // Client A1 has a system without a backup job, and its other systems are fine.
    await system(w.systemA1, { health_status: 'UNPROTECTED' });
    const glance = (await get(`/reseller/get_organization_at_a_glance_data/${w.resellerA}`)).json();
    const link = glance.links.find((l: { key: string }) => l.key === 'unprotected_clients');
    const listed = (
      await post('/client/data', `reseller_id=${w.resellerA}&health_status=UNPROTECTED`)
    ).json();
    expect(listed.content.map((c: { id: number }) => c.id)).toEqual([w.clientA1]);
    expect(link.count).toBe(listed.records_count);
    await system(w.systemA1, { health_status: 'NORMAL' });
  });

  it('licence usage is the same figure, labelled, on the dashboard and the licences tab', async () => {
    // A bundle: 10 seats (1 used) and 4 TB of storage (1 TB used).
    await t.dbh.db
      .updateTable('appliances')
      .set({
        license_type: 'bdr_bundle',
        license_servers: 10,
        license_storage_bytes: 4 * 2 ** 40,
        storage_used_bytes: 2 ** 40,
      })
      .where('id', '=', w.applianceA1)
      .execute();
    const dash = (await post(`/reseller/dashboard/appliances/${w.resellerA}/1/10`, '')).json().content[0];
    const lic = (await post('/license/data', ''))
      .json()
      .content.find((r: { id: number }) => r.id === w.applianceA1);
    expect(dash.license_usage_percent).toBe(lic.license_usage_percent);
    expect(dash.license_measured_by).toBe(lic.license_measured_by);
    expect(dash).toMatchObject({ license_seats_percent: 10, license_storage_percent: 25 });
    expect(lic).toMatchObject({ seats_percent: 10, storage_percent: 25 });
  });

  it('raising the threshold clears "No successful backup in 24 hours" at once', async () => {
    const now = t.clock.now();
    await system(w.systemA2, {
      health_status: 'TROUBLED',
      health_reason: 'No successful backup in 24 hours',
      last_rp_at: now - 30 * HOUR,
      last_job_status: 'COMPLETED',
    });
    const before = (await get(`/device/get_device_alert/${w.systemA2}`)).json();
    expect(before.alert.message).toBe('No successful backup in 24 hours');
    const res = await post(
      '/device/save_device_alert_thresholds',
      `id=${w.systemA2}&backup_minutes=2880&backup_enabled=1`,
    );
    expect(res.statusCode).toBe(200);
    expect((await get(`/device/get_device_alert/${w.systemA2}`)).json().alert).toBeNull();
    const history = await t.dbh.db
      .selectFrom('health_history')
      .selectAll()
      .where('system_id', '=', w.systemA2)
      .execute();
    expect(history.at(-1)).toMatchObject({ health: 'NORMAL', started_at: now });
    // Lowered below the point's age, it is overdue again, with the new threshold in the words.
    await post(
      '/device/save_device_alert_thresholds',
      `id=${w.systemA2}&backup_minutes=1440&backup_enabled=1`,
    );
    const after = (await get(`/device/get_device_alert/${w.systemA2}`)).json();
    expect(after.alert.message).toBe('No successful backup in 24 hours');
  });
});
