import { ALERT_REOPEN_GRACE_MS } from '@lifeboat/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { insertId } from '../../test/factories';
import { ALERTS_EVALUATE_MS, evaluateAlerts, registerAlertEvaluation } from './evaluate';
import { type AlertsFixture, alertsFixture } from './test-fixture';

// Issue 27 points 1-2 on the real database: each condition, and an alert's life (open, update,
// resolve, reopen within the grace) through the scheduled evaluation on the manual clock.

const MIN = 60_000;
let f: AlertsFixture;
beforeEach(async () => {
  f = await alertsFixture();
});
afterEach(async () => {
  await f.t.close();
});

const evaluate = () => evaluateAlerts(f.t.dbh.db, f.t.clock.now());

describe('backup failed N times in a row', () => {
  it('opens on the second failure, counts while it holds, resolves on a success, reopens within the grace', async () => {
    const sys = f.w.systemA1;
    await f.run(sys, 'FAILED');
    expect(await evaluate()).toMatchObject({ opened: 0 });
    f.t.clock.advance(MIN);
    await f.run(sys, 'FAILED');
    expect(await evaluate()).toMatchObject({ opened: 1 });
    const [a] = await f.alerts();
    expect(a).toMatchObject({ condition: 'backup_failed', subject_id: sys, count: 1, resolved_at: null });

    f.t.clock.advance(MIN);
    expect(await evaluate()).toMatchObject({ opened: 0, updated: 1 });
    expect((await f.alerts())[0]?.count).toBe(2);

    f.t.clock.advance(MIN);
    await f.run(sys, 'COMPLETED');
    expect(await evaluate()).toMatchObject({ resolved: 1 });
    const resolvedAt = f.t.clock.now();
    expect((await f.alerts())[0]?.resolved_at).toBe(resolvedAt);

    // Failing twice again within the grace: the same alert reopens.
    f.t.clock.advance(MIN);
    await f.run(sys, 'FAILED');
    await f.run(sys, 'FAILED');
    expect(await evaluate()).toMatchObject({ reopened: 1, opened: 0 });
    const after = await f.alerts();
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ id: a?.id, resolved_at: null, count: 3 });
    expect((await f.events()).map((e) => e.kind)).toEqual(['opened', 'resolved', 'reopened']);
  });

  it('opens a new alert when the failure returns after the grace period', async () => {
    const sys = f.w.systemA2;
    await f.run(sys, 'FAILED');
    await f.run(sys, 'FAILED');
    await evaluate();
    f.t.clock.advance(MIN);
    await f.run(sys, 'COMPLETED');
    await evaluate();
    f.t.clock.advance(ALERT_REOPEN_GRACE_MS + MIN);
    await f.run(sys, 'FAILED');
    await f.run(sys, 'FAILED');
    expect(await evaluate()).toMatchObject({ opened: 1, reopened: 0 });
    const all = await f.alerts();
    expect(all.map((x) => x.resolved_at === null)).toEqual([false, true]);
  });
});

describe('no restore point within the threshold', () => {
  it('opens past the threshold the dashboard uses, and stays quiet for a switched-off workstation', async () => {
    const db = f.t.dbh.db;
    const ws = await insertId(db, 'protected_systems', {
      reseller_id: f.w.resellerA,
      client_id: f.w.clientA1,
      appliance_id: null,
      name: 'WS01-A1',
      name_lc: 'ws01-a1',
      hostname: 'ws01',
      device_type: 'workstation',
      os_type: 'WINDOWS',
      os_name: 'Windows 11',
      service_gen: 2,
      agent_version: '4.1.0',
      package_name: 'Workstation',
      license_name: 'Workstation',
      health_status: 'NORMAL',
      health_changed_at: f.t.clock.now(),
      last_rp_at: f.t.clock.now(),
      last_job_status: 'MISSED',
      next_backup_at: f.t.clock.now(),
      backup_interval_minutes: 60,
      seed: 1,
      created_at: f.t.clock.now(),
    });
    // Reseller A's servers: 2 hours (the dashboard's threshold rows, system > client > reseller).
    await db
      .insertInto('thresholds')
      .values({ scope_kind: 'reseller', scope_id: f.w.resellerA, kind: 'server', minutes: 120, enabled: 1 })
      .execute();
    f.t.clock.advance(120 * MIN);
    expect(await evaluate()).toMatchObject({ opened: 0 });
    f.t.clock.advance(MIN);
    await evaluate();
    const open = (await f.alerts()).filter((a) => a.condition === 'no_restore_point');
    // Reseller A's two servers are past 2 hours; B's server (default 24 hours) and the switched-off
    // workstation are not alerted.
    expect(open.map((a) => a.subject_id).sort()).toEqual([f.w.systemA1, f.w.systemA2].sort());
    expect(open.some((a) => a.subject_id === ws)).toBe(false);
  });
});

describe('appliance offline longer than M minutes', () => {
  it('opens after 30 minutes offline and resolves when it is back', async () => {
    const db = f.t.dbh.db;
    const start = f.t.clock.now();
    const period = await insertId(db, 'appliance_offline_periods', {
      reseller_id: f.w.resellerB,
      client_id: f.w.clientB1,
      appliance_id: f.w.applianceB1,
      started_at: start,
      ended_at: null,
      planned_end_at: null,
    });
    f.t.clock.advance(30 * MIN);
    expect(await evaluate()).toMatchObject({ opened: 0 });
    f.t.clock.advance(MIN);
    expect(await evaluate()).toMatchObject({ opened: 1 });
    expect((await f.alerts())[0]).toMatchObject({
      condition: 'appliance_offline',
      subject_id: f.w.applianceB1,
    });
    f.t.clock.advance(MIN);
    await db
      .updateTable('appliance_offline_periods')
      .set({ ended_at: f.t.clock.now() })
      .where('id', '=', period)
      .execute();
    expect(await evaluate()).toMatchObject({ resolved: 1 });
  });
});

describe('AutoVerify failed', () => {
  it("opens when a system's newest AutoVerify failed and resolves when one succeeds", async () => {
    const db = f.t.dbh.db;
    const result = (status: 'success' | 'failure') =>
      insertId(db, 'autoverify_results', {
        system_id: f.w.systemB1,
        restore_point_id: null,
        rp_taken_at: f.t.clock.now(),
        started_at: f.t.clock.now() - MIN,
        ended_at: f.t.clock.now(),
        status,
        result: status === 'success' ? 'Passed' : 'Failed',
        boot_check: 'ok',
        vss_status: 'ok',
        chkdsk_status: 'ok',
      });
    await result('failure');
    expect(await evaluate()).toMatchObject({ opened: 1 });
    expect((await f.alerts())[0]).toMatchObject({ condition: 'autoverify_failed', subject_id: f.w.systemB1 });
    f.t.clock.advance(MIN);
    await result('success');
    expect(await evaluate()).toMatchObject({ resolved: 1 });
  });
});

describe('the scheduled evaluation', () => {
  it('runs once per period and never opens a duplicate when two instances evaluate at once', async () => {
    registerAlertEvaluation(f.t.ctx);
    await f.run(f.w.systemA1, 'FAILED');
    await f.run(f.w.systemA1, 'FAILED');
    f.t.clock.advance(ALERTS_EVALUATE_MS);
    await f.t.ctx.operations.runOnce();
    await f.t.ctx.operations.runOnce();
    expect((await f.alerts()).map((a) => a.condition)).toEqual(['backup_failed']);
    const runs = await f.t.dbh.db
      .selectFrom('operations')
      .select('status')
      .where('kind', '=', 'alerts.evaluate')
      .execute();
    expect(runs).toEqual([{ status: 'succeeded' }]);

    // Two evaluations at the same moment over separate connections (two instances).
    const other = await f.t.secondInstance();
    await f.run(f.w.systemB1, 'FAILED');
    await f.run(f.w.systemB1, 'FAILED');
    f.t.clock.advance(MIN);
    const now = f.t.clock.now();
    const both = await Promise.all([evaluateAlerts(f.t.dbh.db, now), evaluateAlerts(other.dbh.db, now)]);
    expect(both.reduce((n, t) => n + t.opened, 0)).toBe(1);
    expect(both.reduce((n, t) => n + t.updated, 0)).toBe(1);
    const alerts = await f.alerts();
    expect(alerts.filter((a) => a.subject_id === f.w.systemB1)).toHaveLength(1);
    expect(alerts.find((a) => a.subject_id === f.w.systemA1)?.count).toBe(2);
    expect((await f.events()).filter((e) => e.kind === 'opened')).toHaveLength(2);
  });
});

describe('sharing the process', () => {
  it('lets waiting work run between batches: with SQLite nothing else would until it ends', async () => {
    // A request that arrived during the evaluation stands for this callback; on SQLite every
    // query is synchronous, so without a turn between batches it would wait for the whole run.
    let finished = false;
    let ranDuring = false;
    setImmediate(() => {
      ranDuring = !finished;
    });
    await evaluate();
    finished = true;
    expect(ranDuring).toBe(true);
  });
});
