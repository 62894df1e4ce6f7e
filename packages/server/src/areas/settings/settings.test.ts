import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWorld, TEST_PASSWORD, type World } from '../../test/factories';
import { call, createTestApp, loginAs, type Session, type TestApp } from '../../test/harness';

// Reseller and client alert thresholds (issue 17.4): shape, inheritance default -> reseller ->
// client -> system, scope 404, client users read only, bad input 400, audited old and new.

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
const post = (who: string, url: string, payload: unknown) =>
  call(t.app, s[who] as Session, { method: 'POST', url, payload: payload as Record<string, unknown> });
const R = '/settings/reseller_settings';
const C = '/settings/client_settings';
type T = {
  kind: string;
  minutes: number;
  enabled: boolean;
  inherited: boolean;
  inherited_from: string | null;
};
const byKind = (ts: T[], kind: string) => ts.find((x) => x.kind === kind) as T;

describe('settings: alert thresholds', () => {
  it('answers the defaults with where they come from', async () => {
    const res = await get('resa', `${R}/get_alert_thresholds/${w.resellerA}`);
    expect(res.statusCode).toBe(200);
    const a = res.json();
    expect(a).toMatchObject({ ok: true, level: 'reseller', id: w.resellerA });
    expect(a.thresholds.map((x: T) => [x.kind, x.minutes, x.inherited_from])).toEqual([
      ['server', 2160, 'default'],
      ['workstation', 4320, 'default'],
      ['local_cache', 4320, 'default'],
    ]);
  });

  it('inherits reseller -> client -> system, and a client value can go back to inheriting', async () => {
    const saved = await post('resa', `${R}/save_alert_thresholds/${w.resellerA}`, {
      thresholds: [{ kind: 'workstation', minutes: 2880, enabled: true }],
    });
    expect(saved.statusCode).toBe(200);
    expect(byKind(saved.json().thresholds, 'workstation')).toMatchObject({
      minutes: 2880,
      inherited_from: null,
    });
    const client = (await get('clia1', `${C}/get_alert_thresholds/${w.clientA1}`)).json();
    expect(byKind(client.thresholds, 'workstation')).toMatchObject({
      minutes: 2880,
      inherited_from: 'reseller',
    });
    expect(byKind(client.thresholds, 'server')).toMatchObject({ minutes: 2160, inherited_from: 'default' });
    // The client's own value wins, and the reseller's returns when it is dropped.
    const own = await post('resa', `${C}/save_alert_thresholds/${w.clientA1}`, {
      thresholds: [{ kind: 'workstation', minutes: 1440, enabled: false }],
    });
    expect(byKind(own.json().thresholds, 'workstation')).toMatchObject({
      minutes: 1440,
      enabled: false,
      inherited: false,
    });
    const back = await post('resa', `${C}/save_alert_thresholds/${w.clientA1}`, {
      thresholds: [{ kind: 'workstation', minutes: 0, enabled: true, inherit: true }],
    });
    expect(byKind(back.json().thresholds, 'workstation')).toMatchObject({
      minutes: 2880,
      inherited_from: 'reseller',
    });
    const row = await t.dbh.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'settings.thresholds')
      .where('target_type', '=', 'client')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const d = JSON.parse(row.details as string);
    expect(byKind(d.old, 'workstation')).toMatchObject({ minutes: 1440, from: 'client' });
    expect(byKind(d.new, 'workstation')).toMatchObject({ minutes: 2880, from: 'reseller' });
  });

  it('answers 404 for an organisation out of scope or of the other level', async () => {
    expect((await get('resb', `${R}/get_alert_thresholds/${w.resellerA}`)).statusCode).toBe(404);
    expect((await get('resb', `${C}/get_alert_thresholds/${w.clientA1}`)).statusCode).toBe(404);
    expect((await get('clia1', `${C}/get_alert_thresholds/${w.clientA2}`)).statusCode).toBe(404);
    expect((await get('staff', `${C}/get_alert_thresholds/${w.resellerA}`)).statusCode).toBe(404);
    expect((await get('staff', `${R}/get_alert_thresholds/abc`)).statusCode).toBe(404);
    const foreign = await post('resb', `${C}/save_alert_thresholds/${w.clientA1}`, {
      thresholds: [{ kind: 'server', minutes: 1440, enabled: true }],
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('lets a client user read but not change', async () => {
    const res = await post('clia1', `${C}/save_alert_thresholds/${w.clientA1}`, {
      thresholds: [{ kind: 'server', minutes: 1440, enabled: true }],
    });
    expect(res.statusCode).toBe(403);
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const url = `${R}/save_alert_thresholds/${w.resellerA}`;
    for (const thresholds of [
      [{ kind: 'server', minutes: 60, enabled: true }],
      [{ kind: 'server', minutes: 2161, enabled: true }],
      [{ kind: 'local_cache', minutes: 30 * 1440, enabled: true }],
      [{ kind: 'disk', minutes: 1440, enabled: true }],
      [],
    ]) {
      const res = await post('resa', url, { thresholds });
      expect(res.statusCode).toBe(400);
    }
    const msg = (
      await post('resa', url, { thresholds: [{ kind: 'server', minutes: 60, enabled: true }] })
    ).json();
    expect(msg.message).toContain('between 2 and 8760');
    const a = (await get('resa', `${R}/get_alert_thresholds/${w.resellerA}`)).json();
    expect(byKind(a.thresholds, 'server').minutes).toBe(2160);
  });
});
