import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWorld, type World } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { gatherReportData } from './data';
import { seedReportFleet } from './test-fleet';

// What the report says about a past period (issue 15.3): the restore points taken and the
// recovery-point objective come from the period's successful backups, not from the points
// retention kept (the fleet keeps few old ones), so an old month is not all "missed".

let t: TestApp;
let w: World;
// TEST_NOW is 2026-11-20; the seeded server is backed up every 6 hours, one run in four failing.
const OCT = { from: '2026-10-01', to: '2026-10-31' };
const octStart = Date.UTC(2026, 9, 1);
const novStart = Date.UTC(2026, 10, 1);

beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t.dbh.db, t.clock.now());
  await seedReportFleet(t.dbh.db, w, t.clock.now());
});
afterAll(() => t.close());

const systemA1 = async () => {
  const data = await gatherReportData(t.dbh.db, w.clientA1, OCT.from, OCT.to);
  const s = data.systems.find((x) => x.id === w.systemA1);
  if (!s) throw new Error('system A1 is missing from the report');
  return s;
};

describe('gatherReportData', () => {
  it('counts the period’s successful backups as restore points and finds the longest gap', async () => {
    const completed = await t.dbh.db
      .selectFrom('job_history')
      .select('id')
      .where('system_id', '=', w.systemA1)
      .where('status', '=', 'COMPLETED')
      .where('started_at', '>=', octStart)
      .where('started_at', '<', novStart)
      .execute();
    const s = await systemA1();
    expect(completed.length).toBeGreaterThan(80);
    expect(s.restorePoints).toBe(completed.length);
    expect(s.jobs).toBe(completed.length + s.failed);
    // Never overdue in its health history: the objective was met.
    expect(s.rpoMinutes).toBeGreaterThanOrEqual(12 * 60);
    expect(s.overdueMinutes).toBe(0);
    expect(s.rpoMet).toBe(true);
  });

  it('keeps the verdict when retention has since removed the period’s restore points', async () => {
    const before = await systemA1();
    await t.dbh.db
      .deleteFrom('restore_points')
      .where('system_id', '=', w.systemA1)
      .where('taken_at', '>=', octStart + 5 * 86_400_000)
      .where('taken_at', '<', novStart)
      .execute();
    const after = await systemA1();
    expect(after.restorePoints).toBe(before.restorePoints);
    expect(after.rpoMet).toBe(before.rpoMet);
    expect(after.growthBytes).toBeLessThan(before.growthBytes);
  });

  it('judges the objective by the health history, as the dashboard does, not by gaps in a sampled job history', async () => {
    // The job history keeps a sample of October's runs only (one a day and a half), as the
    // demo's does: the health history says the server was never overdue, so it met its objective.
    const kept = await t.dbh.db
      .selectFrom('job_history')
      .select('id')
      .where('system_id', '=', w.systemA1)
      .where('started_at', '>=', octStart)
      .where('started_at', '<', novStart)
      .orderBy('started_at')
      .execute();
    await t.dbh.db
      .deleteFrom('job_history')
      .where(
        'id',
        'in',
        kept.filter((_, i) => i % 6 !== 0).map((r) => r.id),
      )
      .execute();
    const sampled = await systemA1();
    expect(sampled.rpoMet).toBe(true);
    expect(sampled.overdueMinutes).toBe(0);

    // Overdue from three days before October until 06:00 on the 2nd: missed, for 30 hours of it.
    await t.dbh.db
      .insertInto('health_history')
      .values([
        {
          system_id: w.systemA1,
          started_at: octStart - 3 * 86_400_000,
          health: 'TROUBLED',
          reason: 'No successful backup',
          description: null,
        },
        {
          system_id: w.systemA1,
          started_at: octStart + 30 * 3_600_000,
          health: 'NORMAL',
          reason: 'Protected',
          description: null,
        },
      ])
      .execute();
    const s = await systemA1();
    expect(s.overdueMinutes).toBe(30 * 60);
    expect(s.rpoMet).toBe(false);
  });

  it('lists the period’s exports and restores to Azure next to its shares and downloads', async () => {
    const at = octStart + 10 * 86_400_000;
    const tenant = { reseller_id: w.resellerA, client_id: w.clientA1, system_id: w.systemA1 };
    await t.dbh.db
      .insertInto('ftps_exports')
      .values({
        ...tenant,
        uuid: 'report-test-export',
        restore_point_id: 1,
        rp_taken_at: at,
        type: 'ffr',
        paths: '[]',
        name: 'Finance folder',
        status: 'ready',
        login: 'report-test',
        password_enc: 'x',
        expiration_days: 7,
        created_at: at,
      })
      .execute();
    await t.dbh.db
      .insertInto('azure_jobs')
      .values({
        ...tenant,
        restore_point_id: 1,
        rp_taken_at: at,
        system_name: 'FS01-A1',
        azure_user: 'owner@example.com',
        subscription_id: 's',
        subscription_name: 's',
        resource_group_name: 'r',
        storage_account_name: 'a',
        storage_account_region: 'westeurope',
        status: 'completed',
        created_at: at + 60_000,
      })
      .execute();
    // Outside the period: not listed.
    await t.dbh.db
      .insertInto('azure_jobs')
      .values({
        ...tenant,
        restore_point_id: 1,
        rp_taken_at: at,
        system_name: 'FS01-A1',
        azure_user: 'owner@example.com',
        subscription_id: 's',
        subscription_name: 's',
        resource_group_name: 'r',
        storage_account_name: 'a',
        storage_account_region: 'westeurope',
        status: 'completed',
        created_at: novStart + 60_000,
      })
      .execute();
    const data = await gatherReportData(t.dbh.db, w.clientA1, OCT.from, OCT.to);
    const kinds = data.activity.filter((a) => a.at >= at && a.at <= at + 60_000).map((a) => a.kind);
    expect(kinds).toEqual(['Export', 'Restore to Azure']);
    expect(data.activity.filter((a) => a.kind === 'Restore to Azure')).toHaveLength(1);
  });
});
