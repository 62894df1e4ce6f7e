import { DEFAULT_ALERT_RULE } from '@lifeboat/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { evaluateAlerts } from './evaluate';
import { type AlertsFixture, alertsFixture } from './test-fixture';

// The people's side of alerts (issue 27 points 2 and 5) on the real app: the Alerts page's
// filters and pages, the timeline, acknowledging, snoozes and maintenance windows keeping the
// transitions quiet, the fleet home, and 404 / 403 / 400 with nothing changed.

const MIN = 60_000;
const HOUR = 60 * MIN;
const L = '/api/alerts/list';
const A = '/api/alerts/alert';
const S = '/api/alerts/snoozes';

let f: AlertsFixture;
beforeEach(async () => {
  f = await alertsFixture();
});
afterEach(async () => {
  await f.t.close();
});

const evaluate = () => evaluateAlerts(f.t.dbh.db, f.t.clock.now());

/** Two failed runs in a row of each system, one minute apart, then an evaluation. */
async function failTwice(...systems: number[]) {
  for (const s of systems) await f.run(s, 'FAILED');
  f.t.clock.advance(MIN);
  for (const s of systems) await f.run(s, 'FAILED');
  await evaluate();
}

const mails = () => f.t.dbh.db.selectFrom('alert_mails').select(['alert_id', 'event_id']).execute();
const audits = (action: string) =>
  f.t.dbh.db.selectFrom('audit_log').selectAll().where('action', '=', action).execute();

async function tellResellerA() {
  const r = await f.post('resa', `/api/alerts/reseller_rule/${f.w.resellerA}`, {
    rule: { ...DEFAULT_ALERT_RULE, recipients: ['oncall@reseller-a.test'] },
  });
  expect(r.statusCode).toBe(200);
}

describe('the Alerts page', () => {
  it('shows each level its own alerts, filtered and paged in the database', async () => {
    const { systemA1, systemA2, systemB1 } = f.w;
    await failTwice(systemA1, systemA2, systemB1);
    const ids = async (who: string, q = '') =>
      (await f.get(who, `${L}${q}`)).json().content.map((r: { subject_id: number }) => r.subject_id);
    expect((await ids('resa')).sort()).toEqual([systemA1, systemA2].sort());
    expect(await ids('resb')).toEqual([systemB1]);
    expect(await ids('clia1')).toEqual([systemA1]);
    expect((await ids('staff')).sort()).toEqual([systemA1, systemA2, systemB1].sort());
    expect((await ids('dist')).length).toBe(3);
    expect(await ids('resa', `?client_id=${f.w.clientA2}`)).toEqual([systemA2]);
    expect(await ids('resa', `?system_id=${systemA1}`)).toEqual([systemA1]);
    expect(await ids('resa', '?severity=warning')).toEqual([]);
    expect((await ids('resa', '?condition=backup_failed&severity=critical&state=open')).length).toBe(2);
    expect(await ids('resa', '?state=resolved')).toEqual([]);

    const page2 = (await f.get('resa', `${L}?rows=10&page=1`)).json();
    expect(page2).toMatchObject({ records_count: 2, records_count_capped: false });
    const first = (await f.get('staff', `${L}?rows=10&page=1`)).json();
    expect(first.content[0]).toMatchObject({
      state: 'open',
      severity: 'critical',
      condition: 'backup_failed',
      subject_type: 'system',
      count: 1,
      acknowledged_by: null,
    });
    expect(first.content[0].client_name).toMatch(/^Client /);

    const empty = (await f.get('resb', `${L}?state=acknowledged`)).json();
    expect(empty).toMatchObject({
      content: [],
      records_count: 0,
      empty_desc: 'No alert matches these filters.',
    });
  });

  it('pages past the first page with a total counted in the database', async () => {
    await failTwice(f.w.systemA1, f.w.systemA2, f.w.systemB1);
    const p = (await f.get('staff', `${L}?rows=10&page=2`)).json();
    expect(p).toMatchObject({ content: [], records_count: 3 });
  });
});

describe('the timeline and acknowledging', () => {
  it('records opened, told whom, acknowledged by whom, resolved; only once and only by the reseller’s side', async () => {
    await tellResellerA();
    await failTwice(f.w.systemA1);
    const [row] = (await f.get('resa', L)).json().content;
    const t1 = (await f.get('resa', `${A}/${row.id}`)).json();
    expect(t1.can_acknowledge).toBe(true);
    expect(t1.events).toEqual([
      expect.objectContaining({
        kind: 'opened',
        by: null,
        quiet: null,
        mails: [{ to: ['oncall@reseller-a.test'], status: 'queued', sent_at: null }],
      }),
    ]);
    // A client's user sees the timeline, not the technicians' addresses, and cannot acknowledge.
    const own = (await f.get('clia1', `${A}/${row.id}`)).json();
    expect(own).toMatchObject({ can_acknowledge: false });
    expect(own.events[0].mails).toEqual([]);
    expect((await f.post('clia1', `${A}/${row.id}/acknowledge`, {})).statusCode).toBe(403);
    expect((await f.get('resb', `${A}/${row.id}`)).statusCode).toBe(404);
    expect((await f.post('resb', `${A}/${row.id}/acknowledge`, {})).statusCode).toBe(404);
    const long = await f.post('resa', `${A}/${row.id}/acknowledge`, { note: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/at most 500 characters/);
    expect(await audits('alerts.acknowledge')).toEqual([]);

    f.t.clock.advance(MIN);
    const ack = await f.post('resa', `${A}/${row.id}/acknowledge`, { note: 'Replacing the disk tonight.' });
    expect(ack.statusCode).toBe(200);
    expect(ack.json().alert).toMatchObject({ state: 'acknowledged', acknowledged_at: f.t.clock.now() });
    expect(ack.json().events[1]).toMatchObject({
      kind: 'acknowledged',
      note: 'Replacing the disk tonight.',
      at: f.t.clock.now(),
    });
    expect(ack.json().events[1].by).toBeTruthy();
    expect(ack.json().can_acknowledge).toBe(false);
    const again = await f.post('resa', `${A}/${row.id}/acknowledge`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already acknowledged/);
    expect(await audits('alerts.acknowledge')).toHaveLength(1);
    expect((await f.get('resa', `${L}?state=acknowledged`)).json().records_count).toBe(1);
    expect((await f.get('resa', `${L}?state=open`)).json().records_count).toBe(0);

    // The failure clears: resolved, told; a resolved alert has nothing to acknowledge.
    f.t.clock.advance(MIN);
    await f.run(f.w.systemA1, 'COMPLETED');
    await evaluate();
    const t2 = (await f.get('resa', `${A}/${row.id}`)).json();
    expect(t2.alert.state).toBe('resolved');
    expect(t2.events.map((e: { kind: string }) => e.kind)).toEqual(['opened', 'acknowledged', 'resolved']);
    expect(t2.events[2].mails).toHaveLength(1);
    expect((await f.post('resa', `${A}/${row.id}/acknowledge`, {})).statusCode).toBe(409);

    // Back within the grace: the same alert reopens, and its acknowledgement ends.
    f.t.clock.advance(MIN);
    await f.run(f.w.systemA1, 'FAILED');
    f.t.clock.advance(MIN);
    await f.run(f.w.systemA1, 'FAILED');
    await evaluate();
    const t3 = (await f.get('resa', `${A}/${row.id}`)).json();
    expect(t3.alert).toMatchObject({ state: 'open', acknowledged_at: null });
    expect(t3.can_acknowledge).toBe(true);
  });
});

describe('snoozes and maintenance windows', () => {
  it('records the transitions of a client in maintenance and tells nobody, then tells again', async () => {
    await tellResellerA();
    const now = f.t.clock.now();
    const made = await f.post('resa', S, {
      client_id: String(f.w.clientA1),
      kind: 'maintenance',
      starts_at: now + MIN,
      ends_at: now + 2 * HOUR,
      reason: 'Server move',
    });
    expect(made.statusCode).toBe(200);
    expect(made.json()).toMatchObject({ target_type: 'client', active: false, reason: 'Server move' });
    expect(await audits('alerts.maintenance')).toHaveLength(1);

    await failTwice(f.w.systemA1, f.w.systemA2);
    const rows = (await f.get('resa', L)).json().content as { id: number; client_id: number }[];
    const a1 = rows.find((r) => r.client_id === f.w.clientA1);
    const a2 = rows.find((r) => r.client_id === f.w.clientA2);
    if (!a1 || !a2) throw new Error('both alerts should be open');
    const told = await mails();
    expect(told.map((m) => Number(m.alert_id))).toEqual([a2.id]);
    const t = (await f.get('resa', `${A}/${a1.id}`)).json();
    expect(t.events[0]).toMatchObject({
      kind: 'opened',
      mails: [],
      quiet: { kind: 'maintenance', target_name: 'Client A1', until: now + 2 * HOUR },
    });

    // After the window the resolution is told.
    f.t.clock.set(now + 2 * HOUR + MIN);
    await f.run(f.w.systemA1, 'COMPLETED');
    await f.run(f.w.systemA2, 'COMPLETED');
    await evaluate();
    const after = await mails();
    expect(after.filter((m) => Number(m.alert_id) === a1.id)).toHaveLength(1);
  });

  it('snoozes a system until a time, lists it, ends it early; audited', async () => {
    await tellResellerA();
    const now = f.t.clock.now();
    const made = await f.post('resa', S, {
      system_id: String(f.w.systemA1),
      kind: 'snooze',
      ends_at: now + HOUR,
      reason: 'Known problem, ticket 4411',
    });
    expect(made.statusCode).toBe(200);
    expect(made.json()).toMatchObject({ target_type: 'system', starts_at: now, active: true });
    const list = (await f.get('resa', S)).json();
    expect(list.content.map((r: { id: number }) => r.id)).toEqual([made.json().id]);
    expect((await f.get('resb', S)).json().content).toEqual([]);
    expect((await f.get('clia1', S)).json().content).toHaveLength(1);

    await failTwice(f.w.systemA1);
    expect(await mails()).toEqual([]);

    expect((await f.post('resb', `${S}/${made.json().id}/end`, {})).statusCode).toBe(404);
    expect((await f.post('clia1', `${S}/${made.json().id}/end`, {})).statusCode).toBe(403);
    const ended = await f.post('resa', `${S}/${made.json().id}/end`, {});
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toMatchObject({ active: false, ends_at: f.t.clock.now() });
    expect((await f.post('resa', `${S}/${made.json().id}/end`, {})).statusCode).toBe(409);
    expect((await f.get('resa', S)).json().content).toEqual([]);
    expect(await audits('alerts.snooze')).toHaveLength(1);
    expect(await audits('alerts.snooze_end')).toHaveLength(1);

    // Resolved after the snooze ended: told.
    f.t.clock.advance(MIN);
    await f.run(f.w.systemA1, 'COMPLETED');
    await evaluate();
    expect(await mails()).toHaveLength(1);
  });

  it('snoozes a whole reseller and an appliance', async () => {
    const now = f.t.clock.now();
    const r = await f.post('resa', S, {
      reseller_id: String(f.w.resellerA),
      kind: 'snooze',
      ends_at: now + HOUR,
      reason: 'Migration weekend',
    });
    expect(r.json()).toMatchObject({ target_type: 'reseller', target_name: 'Reseller A' });
    const a = await f.post('staff', S, {
      appliance_id: String(f.w.applianceB1),
      kind: 'snooze',
      ends_at: now + HOUR,
      reason: 'Firmware update',
    });
    expect(a.json()).toMatchObject({ target_type: 'appliance' });
    // A client's user does not see its reseller's own snooze.
    expect((await f.get('clia1', S)).json().content).toEqual([]);
    expect((await f.get('resb', S)).json().content).toHaveLength(1);
  });

  it('refuses another tenant’s target (404), a client user (403) and bad input (400), changing nothing', async () => {
    const now = f.t.clock.now();
    const body = { kind: 'snooze', ends_at: now + HOUR, reason: 'Why' };
    expect((await f.post('resb', S, { ...body, system_id: String(f.w.systemA1) })).statusCode).toBe(404);
    expect((await f.post('resb', S, { ...body, client_id: String(f.w.clientA1) })).statusCode).toBe(404);
    expect((await f.post('resb', S, { ...body, reseller_id: String(f.w.resellerA) })).statusCode).toBe(404);
    expect((await f.post('resb', S, { ...body, appliance_id: String(f.w.applianceA1) })).statusCode).toBe(
      404,
    );
    expect((await f.post('resa', S, { ...body, client_id: String(f.w.systemA1) })).statusCode).toBe(404);
    expect((await f.post('clia1', S, { ...body, system_id: String(f.w.systemA1) })).statusCode).toBe(403);
    const bad = async (b: Record<string, unknown>, msg: RegExp) => {
      const r = await f.post('resa', S, b);
      expect(r.statusCode).toBe(400);
      expect(r.json().message).toMatch(msg);
    };
    const sys = { system_id: String(f.w.systemA1) };
    await bad(body, /Choose one system/);
    await bad({ ...body, ...sys, client_id: String(f.w.clientA1) }, /Choose one system/);
    await bad({ ...body, ...sys, ends_at: now - MIN }, /end after the start/);
    await bad({ ...body, ...sys, ends_at: now + 31 * 24 * HOUR }, /at most 30 days/);
    await bad({ ...body, ...sys, reason: '  ' }, /Say why/);
    await bad({ ...body, ...sys, kind: 'forever' }, /snooze or a maintenance window/);
    await bad({ ...body, ...sys, kind: 'maintenance' }, /when the window starts/);
    await bad({ ...body, ...sys, ends_at: 'tomorrow' }, /when the silence ends/);
    const q = async (who: string, url: string, status: number) =>
      expect((await f.get(who, url)).statusCode).toBe(status);
    await q('resa', `${L}?state=sleeping`, 400);
    await q('resa', `${L}?severity=loud`, 400);
    await q('resa', `${L}?rows=7`, 400);
    await q('resa', `${L}?page=0`, 400);
    await q('resb', `${L}?client_id=${f.w.clientA1}`, 404);
    await q('clia1', `${L}?client_id=${f.w.clientA2}`, 404);
    await q('clia1', `${L}?system_id=${f.w.systemA2}`, 404);
    await q('resa', `${L}?client_id=abc`, 404);
    await q('resa', `${A}/abc`, 404);
    await q('resa', `${S}?rows=1000`, 400);
    expect(await f.t.dbh.db.selectFrom('alert_snoozes').selectAll().execute()).toEqual([]);
    expect(await audits('alerts.snooze')).toEqual([]);
  });
});

describe('the fleet home', () => {
  it('ranks the resellers by open alerts and failing systems for the provider’s staff and distributors', async () => {
    await failTwice(f.w.systemA1, f.w.systemA2, f.w.systemB1);
    await f.t.dbh.db
      .updateTable('protected_systems')
      .set({ health_status: 'TROUBLED' })
      .where('id', '=', f.w.systemB1)
      .execute();
    const ranked = (await f.get('staff', '/api/alerts/fleet_resellers')).json();
    expect(ranked.content.map((r: { name: string }) => r.name)).toEqual(['Reseller A', 'Reseller B']);
    expect(ranked.content[0]).toMatchObject({ open_alerts: 2, critical_alerts: 2 });
    expect(ranked.content[1]).toMatchObject({ open_alerts: 1, failing_systems: 1 });
    expect((await f.get('dist', '/api/alerts/fleet_resellers')).json().records_count).toBe(2);
    const critical = (await f.get('staff', `${L}?severity=critical&state=active`)).json();
    expect(critical.records_count).toBe(3);
    expect((await f.get('resa', '/api/alerts/fleet_resellers')).statusCode).toBe(403);
    expect((await f.get('clia1', '/api/alerts/fleet_resellers')).statusCode).toBe(403);
    expect((await f.get('staff', '/api/alerts/fleet_resellers?rows=3')).statusCode).toBe(400);
  });
});
