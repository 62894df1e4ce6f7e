import type { Database } from '@lifeboat/db';
import type { Kysely } from 'kysely';
import type { World } from '../../test/factories';

export const DAY = 86_400_000;

/**
 * Give client A1 a history: created in January, its server backed up every 6 hours (one failure
 * a day), an AutoVerify every day, health changes and a share. Client A2 stays empty of history.
 */
export async function seedReportFleet(db: Kysely<Database>, w: World, now: number): Promise<void> {
  const since = Date.UTC(2026, 0, 1);
  for (const id of [w.clientA1, w.clientA2, w.clientB1])
    await db.updateTable('organisations').set({ created_at: since }).where('id', '=', id).execute();
  await db
    .updateTable('protected_systems')
    .set({ created_at: since, cloud_used_bytes: 300e9, local_used_bytes: 200e9 })
    .execute();
  const job = await db
    .insertInto('jobs')
    .values({ system_id: w.systemA1, name: 'Full system', type: 'SERVER_ALIVE_BMR', drives: '["C:"]' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const start = now - 70 * DAY;
  const points = [];
  const runs = [];
  for (let t = start; t < now; t += 6 * 3_600_000) {
    const failed = Math.floor((t - start) / (6 * 3_600_000)) % 4 === 3;
    runs.push({
      system_id: w.systemA1,
      job_id: job.id,
      kind: 'Backup' as const,
      backup_type: 'Incremental' as const,
      status: failed ? 'FAILED' : 'COMPLETED',
      started_at: t,
      ended_at: t + 600_000,
      paused_at: null,
      size_bytes: 2e9,
      error_msg: failed ? 'Network error' : null,
      pause_message: null,
    });
    if (!failed)
      points.push({
        system_id: w.systemA1,
        job_id: job.id,
        taken_at: t + 600_000,
        is_local: 1 as const,
        size_bytes: 2e9,
      });
  }
  await db.insertInto('job_history').values(runs).execute();
  await db.insertInto('restore_points').values(points).execute();
  const avs = [];
  for (let t = start; t < now; t += DAY)
    avs.push({
      system_id: w.systemA1,
      restore_point_id: null,
      rp_taken_at: t,
      started_at: t + 3_600_000,
      ended_at: t + 3_900_000,
      status: 'success' as const,
      result: 'Booted to the sign-in screen; VSS and chkdsk passed.',
      heartbeat: 1 as const,
      boot_check: 'Passed',
      vss_status: 'Passed',
      chkdsk_status: 'Passed',
      screenshot_seed: 7,
    });
  await db.insertInto('autoverify_results').values(avs).execute();
  await db
    .insertInto('health_history')
    .values([
      { system_id: w.systemA1, started_at: start, health: 'NORMAL', reason: null, description: null },
      {
        system_id: w.systemA1,
        started_at: now - 30 * DAY,
        health: 'WARNED',
        reason: 'late',
        description: null,
      },
      {
        system_id: w.systemA1,
        started_at: now - 27 * DAY,
        health: 'NORMAL',
        reason: null,
        description: null,
      },
    ])
    .execute();
}
