import { openTestDb, type TestDb } from '@lifeboat/db';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { generateFleet } from '../generator';
import { advanceFleet } from './advance';

// The living fleet on a generated fleet: the generator's rows and the simulator's must agree
// (first jobs, restore point placement, health, daily counts, identity sequences on PostgreSQL).

const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);
const HOUR = 3_600_000;
let tdb: TestDb;

beforeAll(async () => {
  tdb = await openTestDb('sim_gen');
  await generateFleet(tdb.dbh, {
    seed: 11,
    size: {
      resellers: 2,
      clients: 6,
      systems: 40,
      jobHistoryPerSystem: 10,
      restorePointsPerSystem: 4,
      autoverifyPerSystem: 1,
      historyDays: 7,
    },
    now: NOW,
    passwordHash: 'not-a-real-hash',
  });
});
afterAll(() => tdb.close());

it('advances a generated fleet for a day without errors and keeps its invariants', async () => {
  const db = tdb.dbh.db;
  const count = async (table: 'job_history' | 'restore_points' | 'autoverify_results') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const before = { jobs: await count('job_history'), points: await count('restore_points') };
  let backups = 0;
  let verified = 0;
  for (let t = NOW + HOUR / 4; t <= NOW + 26 * HOUR; t += HOUR / 4) {
    const r = await advanceFleet(tdb.dbh, t);
    backups += r.backups;
    verified += r.autoVerified;
  }
  expect(backups).toBeGreaterThan(0);
  expect(await count('job_history')).toBe(before.jobs + backups);
  expect(await count('restore_points')).toBeGreaterThan(before.points);
  expect(verified).toBeGreaterThan(0);

  const end = NOW + 26 * HOUR;
  const systems = await db.selectFrom('protected_systems').selectAll().execute();
  for (const s of systems) {
    expect(Number(s.next_backup_at)).toBeGreaterThan(end);
    if (s.last_job_status === 'COMPLETED' && !s.parked) expect(s.health_status).toBe('NORMAL');
  }
  // New restore points sit under each system's first job, and on the system itself.
  const strays = await db
    .selectFrom('restore_points as rp')
    .innerJoin('jobs as j', 'j.id', 'rp.job_id')
    .select('rp.id')
    .whereRef('j.system_id', '<>', 'rp.system_id')
    .execute();
  expect(strays).toHaveLength(0);
  const today = await db
    .selectFrom('reseller_health_daily')
    .selectAll()
    .where('day', '=', Math.floor(end / 86_400_000) * 86_400_000)
    .execute();
  expect(today.length).toBeGreaterThan(0);
});
