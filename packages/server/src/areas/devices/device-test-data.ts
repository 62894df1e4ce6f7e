import type { Database } from '@lifeboat/db';
import type { Kysely } from 'kysely';
import type { World } from '../../test/factories';

// Extra rows for the device API tests: a job with runs in every status, health changes, an
// AutoVerify result with a screenshot and a restore point in use, on system A1.

export const HOUR = 3_600_000;

export async function seedDevice(db: Kysely<Database>, w: World, now: number) {
  const job = await db
    .insertInto('jobs')
    .values({ system_id: w.systemA1, name: 'Full system', type: 'SERVER_ALIVE_BMR', drives: '["C:"]' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const statuses = ['COMPLETED', 'FAILED', 'MISSED', 'PAUSED', 'MANUALLY_PAUSED', 'RUNNING'];
  const runs: number[] = [];
  // 25 runs, one an hour, newest last; the six statuses cycle.
  for (let i = 0; i < 25; i++) {
    const status = statuses[i % statuses.length] as string;
    const started = now - (25 - i) * HOUR;
    const r = await db
      .insertInto('job_history')
      .values({
        system_id: w.systemA1,
        job_id: job.id,
        kind: i % 5 === 0 ? 'Replication' : 'Backup',
        backup_type: i === 0 ? 'Initial' : 'Incremental',
        status,
        started_at: started,
        ended_at: status === 'COMPLETED' || status === 'FAILED' ? started + 600_000 : null,
        paused_at: status.includes('PAUSED') ? started + 300_000 : null,
        percent_complete: status === 'COMPLETED' ? 100 : 40,
        size_bytes: 5e8,
        error_msg: status === 'FAILED' ? 'VSS snapshot failed (0x8004230F).' : null,
        pause_message: status === 'PAUSED' ? 'Paused: the system went to sleep.' : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    runs.push(Number(r.id));
  }
  await db
    .insertInto('health_history')
    .values([
      {
        system_id: w.systemA1,
        started_at: now - 10 * 24 * HOUR,
        health: 'NORMAL',
        reason: null,
        description: null,
      },
      {
        system_id: w.systemA1,
        started_at: now - 2 * 24 * HOUR,
        health: 'TROUBLED',
        reason: 'Backup failed',
        description: null,
      },
      {
        system_id: w.systemA1,
        started_at: now - 24 * HOUR,
        health: 'NORMAL',
        reason: null,
        description: null,
      },
    ])
    .execute();
  const rp = await db
    .insertInto('restore_points')
    .values({
      system_id: w.systemA1,
      job_id: job.id,
      taken_at: now - HOUR,
      is_local: 1,
      in_use: 1,
      size_bytes: 1e9,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('restore_points')
    .values({ system_id: w.systemA1, job_id: job.id, taken_at: now - 2 * HOUR, is_local: 1, size_bytes: 1e9 })
    .execute();
  await db
    .updateTable('protected_systems')
    .set({ last_rp_at: now - HOUR })
    .where('id', '=', w.systemA1)
    .execute();
  const av = await db
    .insertInto('autoverify_results')
    .values({
      system_id: w.systemA1,
      restore_point_id: rp.id,
      rp_taken_at: now - HOUR,
      started_at: now - 50 * 60_000,
      ended_at: now - 48 * 60_000,
      status: 'success',
      result: 'Booted.',
      heartbeat: 1,
      boot_check: 'Passed',
      vss_status: 'Passed',
      chkdsk_status: 'Passed',
      screenshot_seed: 1234,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { jobId: Number(job.id), runs, autoverifyId: Number(av.id), rpInUse: Number(rp.id) };
}
