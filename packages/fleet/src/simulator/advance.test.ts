import { dayStart, openTestDb, type TestDb } from '@lifeboat/db';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { advanceFleet } from './advance';
import { type BackupStatus, planBackup } from './backups';
import { addSystem, type SystemOverrides, type TinyFleet, tinyFleet } from './test-fleet';

const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);
const MIN = 60_000;
let tdb: TestDb;
let fleet: TinyFleet;

beforeEach(async () => {
  tdb = await openTestDb('sim_test');
  fleet = await tinyFleet(tdb.dbh.db, NOW);
});
afterEach(() => tdb.close());

const db = () => tdb.dbh.db;
const system = (id: number) =>
  db().selectFrom('protected_systems').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const rowsOf = (
  table: 'job_history' | 'restore_points' | 'health_history' | 'autoverify_results',
  id: number,
) => db().selectFrom(table).selectAll().where('system_id', '=', id).execute();

/** A system seed whose next scheduled backup ends with `status`. */
function seedFor(status: BackupStatus, o: { nextBackupAt?: number; lastRpAt?: number | null } = {}): number {
  for (let seed = 1; seed < 100_000; seed++) {
    const plan = planBackup(
      {
        id: 0,
        hostname: 'h',
        seed,
        lastRpAt: o.lastRpAt ?? NOW - 60 * MIN,
        nextBackupAt: o.nextBackupAt ?? NOW - 1000,
        intervalMinutes: 60,
      },
      NOW,
    );
    if (plan.status === status) return seed;
  }
  throw new Error(`no seed gives ${status}`);
}

async function withPoint(
  o: SystemOverrides,
  point: { is_local: 0 | 1; is_cloud: 0 | 1 } = { is_local: 1, is_cloud: 1 },
) {
  const s = await addSystem(db(), fleet, NOW, o);
  await db()
    .insertInto('restore_points')
    .values({
      system_id: s.id,
      job_id: s.jobId,
      taken_at: Number(o.last_rp_at ?? NOW - 60 * MIN),
      ...point,
      vault_id: point.is_cloud ? fleet.vaultId : null,
      size_bytes: 1e9,
    })
    .execute();
  return s;
}

describe('advanceFleet: scheduled backups', () => {
  it('finishes a due backup with a job, a restore point placed like the last one, and the next slot', async () => {
    const s = await withPoint(
      { seed: seedFor('COMPLETED'), health_status: 'WARNED', health_reason: 'x' },
      { is_local: 1, is_cloud: 0 },
    );
    const res = await advanceFleet(tdb.dbh, NOW);
    expect(res).toMatchObject({ backups: 1, completed: 1, healthChanges: 1 });
    const [job] = await rowsOf('job_history', s.id);
    expect(job).toMatchObject({
      job_id: s.jobId,
      kind: 'Backup',
      backup_type: expect.stringMatching(/Incremental|Full/),
      status: 'COMPLETED',
      percent_complete: 100,
    });
    expect(Number(job?.ended_at)).toBeLessThanOrEqual(NOW);
    const points = (await rowsOf('restore_points', s.id)).sort(
      (a, b) => Number(a.taken_at) - Number(b.taken_at),
    );
    expect(points).toHaveLength(2);
    expect(points[1]).toMatchObject({
      job_id: s.jobId,
      is_local: 1,
      is_cloud: 0,
      vault_id: null,
      scheduled: 1,
    });
    const after = await system(s.id);
    expect(Number(after.last_rp_at)).toBe(Number(points[1]?.taken_at));
    expect(after).toMatchObject({
      last_job_status: 'COMPLETED',
      health_status: 'NORMAL',
      health_reason: 'Protected',
      health_changed_at: NOW,
    });
    expect(Number(after.next_backup_at)).toBe(NOW - 1000 + 60 * MIN);
    expect(await rowsOf('health_history', s.id)).toMatchObject([{ health: 'NORMAL', started_at: NOW }]);
  });

  it('writes nothing twice when called again for the same time', async () => {
    const s = await withPoint({ seed: seedFor('COMPLETED') });
    await advanceFleet(tdb.dbh, NOW);
    const second = await advanceFleet(tdb.dbh, NOW);
    expect(second.backups).toBe(0);
    expect(await rowsOf('job_history', s.id)).toHaveLength(1);
    expect(await rowsOf('restore_points', s.id)).toHaveLength(2);
  });

  it('turns a system TROUBLED when a backup fails and its last restore point is older than the threshold', async () => {
    const old = NOW - 2200 * MIN; // server default threshold: 2160 minutes
    const s = await withPoint({ seed: seedFor('FAILED', { lastRpAt: old }), last_rp_at: old });
    await advanceFleet(tdb.dbh, NOW);
    const after = await system(s.id);
    expect(after).toMatchObject({
      health_status: 'TROUBLED',
      last_job_status: 'FAILED',
      health_reason: 'No successful backup',
    });
    expect(Number(after.last_rp_at)).toBe(old);
    const [job] = await rowsOf('job_history', s.id);
    expect(job?.error_msg).toEqual(expect.any(String));
    expect(await rowsOf('restore_points', s.id)).toHaveLength(1);
    expect(await rowsOf('health_history', s.id)).toMatchObject([
      { health: 'TROUBLED', description: 'No successful backup in 36 hours' },
    ]);
  });

  it('only warns within the threshold: the workstation default is longer, and overrides apply', async () => {
    const old = NOW - 3000 * MIN;
    const seed = seedFor('FAILED', { lastRpAt: old });
    const ws = await withPoint({ seed, last_rp_at: old, device_type: 'workstation', name: 'WS' });
    const off = await withPoint({ seed, last_rp_at: old, name: 'OFF' });
    const strict = await withPoint({
      seed,
      last_rp_at: NOW - 90 * MIN,
      name: 'STRICT',
      client_id: fleet.clientId,
    });
    await db()
      .insertInto('thresholds')
      .values([
        { scope_kind: 'system', scope_id: off.id, kind: 'server', minutes: 2160, enabled: 0 },
        { scope_kind: 'system', scope_id: strict.id, kind: 'server', minutes: 60, enabled: 1 },
      ])
      .execute();
    await advanceFleet(tdb.dbh, NOW);
    expect((await system(ws.id)).health_status).toBe('WARNED');
    expect((await system(off.id)).health_status).toBe('WARNED');
    expect((await system(strict.id)).health_status).toBe('TROUBLED');
  });

  it('records a missed backup without an end time', async () => {
    const s = await withPoint({ seed: seedFor('MISSED') });
    await advanceFleet(tdb.dbh, NOW);
    expect(await rowsOf('job_history', s.id)).toMatchObject([
      { status: 'MISSED', ended_at: null, size_bytes: 0 },
    ]);
  });

  it('moves a parked system on without running it', async () => {
    const s = await withPoint({ parked: 1, health_status: 'PARKED' });
    await advanceFleet(tdb.dbh, NOW);
    expect(await rowsOf('job_history', s.id)).toHaveLength(0);
    expect(await system(s.id)).toMatchObject({ health_status: 'PARKED' });
    expect(Number((await system(s.id)).next_backup_at)).toBeGreaterThan(NOW);
  });

  it('takes the oldest due systems first, a bounded batch per call', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 5; i++)
      ids.push((await withPoint({ next_backup_at: NOW - (i + 1) * MIN, name: `S${i}` })).id);
    const res = await advanceFleet(tdb.dbh, NOW, { batchSize: 2 });
    expect(res.backups).toBe(2);
    const ran = await db().selectFrom('job_history').select('system_id').orderBy('system_id').execute();
    expect(ran.map((r) => Number(r.system_id))).toEqual([ids[3], ids[4]].sort());
  });

  it('runs one job for the latest slot when a system fell days behind', async () => {
    const s = await withPoint({ next_backup_at: NOW - 3 * 1440 * MIN + 10 * MIN });
    await advanceFleet(tdb.dbh, NOW);
    expect(await rowsOf('job_history', s.id)).toHaveLength(1);
    const next = Number((await system(s.id)).next_backup_at);
    expect(next).toBeGreaterThan(NOW);
    expect(next).toBeLessThanOrEqual(NOW + 60 * MIN);
  });

  it('keeps today’s healthy count for the reseller', async () => {
    await withPoint({ seed: seedFor('COMPLETED'), health_status: 'TROUBLED' });
    await withPoint({ next_backup_at: NOW + 30 * MIN, health_status: 'WARNED' });
    await advanceFleet(tdb.dbh, NOW);
    const day = await db().selectFrom('reseller_health_daily').selectAll().execute();
    expect(day).toEqual([{ reseller_id: fleet.resellerId, day: dayStart(NOW), healthy: 1, total: 2 }]);
    // Upserted, not duplicated.
    await withPoint({ seed: seedFor('COMPLETED'), health_status: 'TROUBLED', name: 'THIRD' });
    await advanceFleet(tdb.dbh, NOW);
    expect(await db().selectFrom('reseller_health_daily').selectAll().execute()).toEqual([
      { reseller_id: fleet.resellerId, day: dayStart(NOW), healthy: 2, total: 3 },
    ]);
  });
});

describe('advanceFleet: systems of a backup source', () => {
  it('never backs up, re-judges or verifies a system read from a backup source', async () => {
    // Due, with a failing plan and a day-old point: the simulator would write history, health
    // and an AutoVerify result for it; the source's sync alone may.
    const s = await withPoint({
      seed: seedFor('FAILED'),
      source_id: 7,
      appliance_id: null,
      last_rp_at: NOW - 3 * 86_400_000,
    });
    const before = await system(s.id);
    const res = await advanceFleet(tdb.dbh, NOW);
    expect(res).toMatchObject({ backups: 0, healthChanges: 0, autoVerified: 0 });
    expect(await system(s.id)).toEqual(before);
    expect(await rowsOf('job_history', s.id)).toHaveLength(0);
    expect(await rowsOf('restore_points', s.id)).toHaveLength(1);
    expect(await rowsOf('health_history', s.id)).toHaveLength(0);
    expect(await rowsOf('autoverify_results', s.id)).toHaveLength(0);
  });
});

describe('advanceFleet: nightly AutoVerify', () => {
  it('verifies the latest restore point of each non-NAS system once a day', async () => {
    const later = { next_backup_at: NOW + 30 * MIN };
    const srv = await withPoint({ ...later, name: 'SRV' });
    const nas = await withPoint({ ...later, name: 'NAS', device_type: 'nas', os_type: 'NAS' });
    const none = await addSystem(db(), fleet, NOW, { ...later, name: 'NEW', last_rp_at: null });
    const res = await advanceFleet(tdb.dbh, NOW);
    expect(res.autoVerified).toBe(1);
    const [rp] = await rowsOf('restore_points', srv.id);
    const [av] = await rowsOf('autoverify_results', srv.id);
    expect(av).toMatchObject({
      restore_point_id: rp?.id,
      rp_taken_at: rp?.taken_at,
      ended_at: NOW,
      advanced_mode: 0,
    });
    expect(['success', 'failure']).toContain(av?.status);
    expect(Number(av?.started_at)).toBeLessThan(NOW);
    expect(await rowsOf('autoverify_results', nas.id)).toHaveLength(0);
    expect(await rowsOf('autoverify_results', none.id)).toHaveLength(0);

    // An hour later the new system has backed up and gets its first result; the server waits a day.
    await advanceFleet(tdb.dbh, NOW + 3_600_000);
    expect(await rowsOf('autoverify_results', srv.id)).toHaveLength(1);
    expect(await rowsOf('autoverify_results', none.id)).toHaveLength(1);
    await advanceFleet(tdb.dbh, NOW + 25 * 3_600_000);
    expect(await rowsOf('autoverify_results', srv.id)).toHaveLength(2);
  });

  it('walks the fleet in windows and wraps around', async () => {
    const later = { next_backup_at: NOW + 30 * MIN };
    for (let i = 0; i < 5; i++) await withPoint({ ...later, name: `W${i}` });
    const counts: number[] = [];
    for (let i = 0; i < 4; i++)
      counts.push(
        (await advanceFleet(tdb.dbh, NOW, { autoVerifyScan: 2, autoVerifyBatch: 10 })).autoVerified,
      );
    expect(counts).toEqual([2, 2, 1, 0]);
    const total = await db().selectFrom('autoverify_results').select('id').execute();
    expect(total).toHaveLength(5);
  });
});
