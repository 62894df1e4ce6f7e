import { DEMO_PASSWORD, generateFleet } from '@lifeboat/fleet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, loginAs, type Session, type TestApp } from '../../test/harness';
import { evaluateAlerts } from './evaluate';
import { recordRun } from './test-fixture';

// The fleet home's ranking (issue 27.5) against a straightforward count of the same rows, on a
// small generated fleet: every reseller's open and critical alerts counted from the alerts
// table, its troubled and total systems from protected_systems, sorted by the documented order
// (open alerts, then troubled systems, descending; then name and id). It must stay so as alerts
// open, resolve and reopen and as systems change health, whatever keeps the figures fast.

const MIN = 60_000;

interface Ranked {
  reseller_id: number;
  name: string;
  open_alerts: number;
  critical_alerts: number;
  failing_systems: number;
  systems: number;
}

let t: TestApp;
let staff: Session;
let distributor: Session;
let distributorId: number;

beforeAll(async () => {
  t = await createTestApp();
  await generateFleet(t.dbh, {
    seed: 7,
    size: { resellers: 9, clients: 40, systems: 160, distributors: 2, jobHistoryPerSystem: 12 },
    now: t.clock.now(),
  });
  staff = await loginAs(t.app, 'staff', DEMO_PASSWORD);
  distributor = await loginAs(t.app, 'distributor', DEMO_PASSWORD);
  const me = await t.dbh.db
    .selectFrom('users')
    .select('organisation_id')
    .where('username', '=', 'distributor')
    .executeTakeFirstOrThrow();
  distributorId = Number(me.organisation_id);
}, 120_000);
afterAll(() => t.close());

/** Every page of the call, 10 rows at a time. */
async function ranking(who: Session): Promise<Ranked[]> {
  const out: Ranked[] = [];
  for (let page = 1; ; page++) {
    const r = await call(t.app, who, {
      method: 'GET',
      url: `/api/alerts/fleet_resellers?page=${page}&rows=10`,
    });
    expect(r.statusCode).toBe(200);
    const body = r.json() as { content: Ranked[]; records_count: number };
    out.push(...body.content);
    if (body.content.length < 10) {
      expect(body.records_count).toBe(out.length);
      return out;
    }
  }
}

/** The same figures counted row by row, in the documented order. */
async function counted(onlyDistributor?: number): Promise<Ranked[]> {
  const db = t.dbh.db;
  const resellers = await db
    .selectFrom('organisations')
    .select(['id', 'name', 'distributor_id'])
    .where('kind', '=', 'reseller')
    .execute();
  const alerts = await db.selectFrom('alerts').select(['reseller_id', 'severity', 'resolved_at']).execute();
  const systems = await db.selectFrom('protected_systems').select(['reseller_id', 'health_status']).execute();
  const rows = resellers
    .filter((r) => onlyDistributor === undefined || Number(r.distributor_id) === onlyDistributor)
    .map((r) => {
      const id = Number(r.id);
      const open = alerts.filter((a) => Number(a.reseller_id) === id && a.resolved_at === null);
      const own = systems.filter((s) => Number(s.reseller_id) === id);
      return {
        reseller_id: id,
        name: r.name,
        open_alerts: open.length,
        critical_alerts: open.filter((a) => a.severity === 'critical').length,
        failing_systems: own.filter((s) => s.health_status === 'TROUBLED').length,
        systems: own.length,
      };
    });
  const byName = (a: Ranked, b: Ranked) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
  return rows.sort(
    (a, b) =>
      b.open_alerts - a.open_alerts ||
      b.failing_systems - a.failing_systems ||
      byName(a, b) ||
      a.reseller_id - b.reseller_id,
  );
}

async function expectSameAsCounted(): Promise<void> {
  expect(await ranking(staff)).toEqual(await counted());
  expect(await ranking(distributor)).toEqual(await counted(distributorId));
}

/** A finished backup run of each system now; a success also moves its restore point. */
async function runs(ids: number[], status: 'COMPLETED' | 'FAILED'): Promise<void> {
  const db = t.dbh.db;
  const now = t.clock.now();
  for (const id of ids) {
    const job = await db
      .selectFrom('jobs')
      .select('id')
      .where('system_id', '=', id)
      .executeTakeFirstOrThrow();
    await recordRun(db, id, Number(job.id), status, now);
  }
}

const evaluate = () => evaluateAlerts(t.dbh.db, t.clock.now());

describe('the fleet home ranking', () => {
  it('is the straightforward count as alerts open, resolve and reopen and systems change health', async () => {
    const db = t.dbh.db;
    await expectSameAsCounted();

    const opened = await evaluate();
    expect(opened.opened).toBeGreaterThan(10);
    await expectSameAsCounted();

    // Systems change health both ways, across resellers.
    const all = (
      await db.selectFrom('protected_systems').select(['id', 'health_status']).orderBy('id').execute()
    ).map((s) => ({ id: Number(s.id), health: s.health_status }));
    const healthy = all.filter((s) => s.health !== 'TROUBLED').slice(0, 25);
    const troubled = all.filter((s) => s.health === 'TROUBLED').slice(0, 10);
    for (const s of healthy)
      await db
        .updateTable('protected_systems')
        .set({ health_status: 'TROUBLED' })
        .where('id', '=', s.id)
        .execute();
    for (const s of troubled)
      await db
        .updateTable('protected_systems')
        .set({ health_status: 'NORMAL' })
        .where('id', '=', s.id)
        .execute();
    await expectSameAsCounted();

    // Systems with open alerts (and a backup job) back up fine: their alerts resolve.
    const withAlerts = await db
      .selectFrom('alerts as a')
      .select('a.subject_id')
      .distinct()
      .where('a.subject_type', '=', 'system')
      .where('a.resolved_at', 'is', null)
      .where((eb) =>
        eb.exists(eb.selectFrom('jobs as j').select('j.id').whereRef('j.system_id', '=', 'a.subject_id')),
      )
      .orderBy('a.subject_id')
      .execute();
    const fixed = withAlerts.slice(0, Math.ceil(withAlerts.length / 2)).map((a) => Number(a.subject_id));
    t.clock.advance(MIN);
    await runs(fixed, 'COMPLETED');
    t.clock.advance(MIN);
    const resolved = await evaluate();
    expect(resolved.resolved).toBeGreaterThan(0);
    await expectSameAsCounted();

    // Some fail twice again within the grace period: their alerts reopen.
    const again = fixed.slice(0, 5);
    await runs(again, 'FAILED');
    t.clock.advance(MIN);
    await runs(again, 'FAILED');
    t.clock.advance(MIN);
    const reopened = await evaluate();
    expect(reopened.reopened).toBeGreaterThan(0);
    await expectSameAsCounted();

    // A system moved to another reseller's client takes its share of the figures along.
    const [moved] = troubled;
    const other = await db
      .selectFrom('organisations')
      .select(['id', 'reseller_id'])
      .where('kind', '=', 'client')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    if (moved)
      await db
        .updateTable('protected_systems')
        .set({
          client_id: Number(other.id),
          reseller_id: Number(other.reseller_id),
          health_status: 'TROUBLED',
        })
        .where('id', '=', moved.id)
        .execute();
    await expectSameAsCounted();

    // An open alert whose severity changes, and one deleted, change their reseller's figures.
    const [first, second] = await db
      .selectFrom('alerts')
      .select(['id', 'severity'])
      .where('resolved_at', 'is', null)
      .orderBy('id')
      .limit(2)
      .execute();
    if (first)
      await db
        .updateTable('alerts')
        .set({ severity: first.severity === 'critical' ? 'warning' : 'critical' })
        .where('id', '=', first.id)
        .execute();
    if (second) {
      await db.deleteFrom('alert_events').where('alert_id', '=', second.id).execute();
      await db.deleteFrom('alerts').where('id', '=', second.id).execute();
    }
    await expectSameAsCounted();
  });

  it('stays the count when two instances evaluate at once', async () => {
    const other = await t.secondInstance();
    const withJobs = await t.dbh.db
      .selectFrom('jobs')
      .select('system_id')
      .distinct()
      .orderBy('system_id')
      .execute();
    const ids = withJobs.map((j) => Number(j.system_id));
    t.clock.advance(2 * 60 * MIN);
    // Some alerts resolve, others open, in the same evaluation run twice at once.
    await runs(ids.slice(0, 15), 'COMPLETED');
    await runs(ids.slice(15, 30), 'FAILED');
    t.clock.advance(MIN);
    await runs(ids.slice(15, 30), 'FAILED');
    t.clock.advance(MIN);
    const now = t.clock.now();
    await Promise.all([evaluateAlerts(t.dbh.db, now), evaluateAlerts(other.dbh.db, now)]);
    // Two hours on, the sessions have expired.
    staff = await loginAs(t.app, 'staff', DEMO_PASSWORD);
    distributor = await loginAs(t.app, 'distributor', DEMO_PASSWORD);
    await expectSameAsCounted();
  });
});
