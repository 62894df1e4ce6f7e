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
    // A failed run between two good ones: 12 hours without a restore point.
    expect(s.worstGapMinutes).toBe(12 * 60);
    expect(s.rpoMinutes).toBeGreaterThanOrEqual(12 * 60);
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
    expect(after.worstGapMinutes).toBe(12 * 60);
    expect(after.rpoMet).toBe(before.rpoMet);
    expect(after.growthBytes).toBeLessThan(before.growthBytes);
  });

  it('counts the gap from the last successful backup before the period', async () => {
    // No backup succeeds in the last 3 days of September: the first October point ends a gap
    // that began in September.
    await t.dbh.db
      .updateTable('job_history')
      .set({ status: 'FAILED' })
      .where('system_id', '=', w.systemA1)
      .where('started_at', '>=', octStart - 3 * 86_400_000)
      .where('started_at', '<', octStart + 6 * 3_600_000)
      .execute();
    const s = await systemA1();
    expect(s.worstGapMinutes).toBeGreaterThan(3 * 24 * 60);
    expect(s.rpoMinutes).toBeLessThan(3 * 24 * 60);
    expect(s.rpoMet).toBe(false);
  });
});
