import { type FleetAdvance, resolveThreshold } from '@lifeboat/contract';
import { type Database, type DbHandle, dayStart, loadThresholds, refreshResellerDaily } from '@lifeboat/db';
import type { Insertable, Kysely } from 'kysely';
import { grow, planBackup } from './backups';
import type { PortFaults } from './faults';
import { evaluateHealth } from './health';
import { nightlyAutoVerify } from './nightly';
import { advanceOutages } from './outages';

// The living fleet: each call finishes the scheduled backups that are due at `now`, recomputes
// health, keeps today's dashboard counts and runs the nightly AutoVerify. Every write is keyed
// on the schedule (a system is claimed by moving its next_backup_at in the same transaction as
// its history rows), so a call that crashes half-way and runs again writes nothing twice.

export interface AdvanceOptions {
  /** Most systems finishing a backup per call (the oldest due first). Default 500. */
  batchSize?: number;
  /** Most nightly AutoVerify results per call. Default 100. */
  autoVerifyBatch?: number;
  /** Systems examined per call for the nightly AutoVerify, a rotating window. Default 2000. */
  autoVerifyScan?: number;
  /** The living fleet's faults, so autoverify_fail also shows in nightly results. */
  faults?: PortFaults<'fleet'>;
}

/** What one call changed (the living fleet port's FleetAdvance). */
export type AdvanceResult = FleetAdvance;

const CHUNK = 200;

type Db = Kysely<Database>;

/** Systems whose backup is due; one read from a backup source is its sync's alone (source_id). */
async function dueSystems(db: Db, now: number, limit: number) {
  return db
    .selectFrom('protected_systems')
    .select([
      'id',
      'reseller_id',
      'client_id',
      'appliance_id',
      'hostname',
      'device_type',
      'is_d2c',
      'vault_only',
      'parked',
      'health_status',
      'last_rp_at',
      'next_backup_at',
      'backup_interval_minutes',
      'seed',
      'local_used_bytes',
      'local_total_bytes',
      'pool_used_bytes',
      'cloud_used_bytes',
    ])
    .where('next_backup_at', '<=', now)
    .where('source_id', 'is', null)
    .orderBy('next_backup_at')
    .limit(limit)
    .execute();
}

type Due = Awaited<ReturnType<typeof dueSystems>>[number];

interface Placement {
  jobId: number | null;
  isLocal: 0 | 1;
  isCloud: 0 | 1;
  vaultId: number | null;
}

/** First job and where restore points go (as the latest point did), for a batch. */
async function placements(db: Db, systems: Due[]): Promise<Map<number, Placement>> {
  const ids = systems.map((s) => s.id);
  const jobs = await db
    .selectFrom('jobs')
    .select(['system_id', (eb) => eb.fn.min('id').as('job_id')])
    .where('system_id', 'in', ids)
    .groupBy('system_id')
    .execute();
  const latest = await db
    .selectFrom('restore_points as rp')
    .select(['rp.system_id', 'rp.is_local', 'rp.is_cloud', 'rp.vault_id'])
    .where('rp.system_id', 'in', ids)
    .where('rp.taken_at', '=', (eb) =>
      eb
        .selectFrom('restore_points as r2')
        .select((e) => e.fn.max('r2.taken_at').as('t'))
        .whereRef('r2.system_id', '=', 'rp.system_id'),
    )
    .execute();
  const vaults = await db
    .selectFrom('system_vaults')
    .select(['system_id', (eb) => eb.fn.min('vault_id').as('vault_id')])
    .where('system_id', 'in', ids)
    .groupBy('system_id')
    .execute();
  const jobOf = new Map(jobs.map((j) => [Number(j.system_id), Number(j.job_id)]));
  const rpOf = new Map(latest.map((r) => [Number(r.system_id), r]));
  const vaultOf = new Map(vaults.map((v) => [Number(v.system_id), Number(v.vault_id)]));
  const out = new Map<number, Placement>();
  for (const s of systems) {
    const rp = rpOf.get(s.id);
    const vault = vaultOf.get(s.id) ?? null;
    out.set(s.id, {
      jobId: jobOf.get(s.id) ?? null,
      isLocal: rp ? (rp.is_local ? 1 : 0) : s.appliance_id !== null && !s.vault_only ? 1 : 0,
      isCloud: rp ? (rp.is_cloud ? 1 : 0) : s.is_d2c || s.vault_only || vault !== null ? 1 : 0,
      vaultId: rp ? (rp.vault_id === null ? null : Number(rp.vault_id)) : vault,
    });
  }
  return out;
}

/** Multi-row inserts in slices that stay well under both engines' parameter limits. */
async function inChunks<T>(rows: T[], insert: (part: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

export async function advanceFleet(
  dbh: DbHandle,
  now: number,
  opts: AdvanceOptions = {},
): Promise<AdvanceResult> {
  const db = dbh.db;
  const result: AdvanceResult = {
    backups: 0,
    completed: 0,
    failed: 0,
    missed: 0,
    healthChanges: 0,
    autoVerified: 0,
  };
  const due = await dueSystems(db, now, opts.batchSize ?? 500);
  if (due.length > 0) {
    const place = await placements(db, due);
    const thresholds = await loadThresholds(db, due);
    await db.transaction().execute(async (trx) => {
      const jobs: Insertable<Database['job_history']>[] = [];
      const points: Insertable<Database['restore_points']>[] = [];
      const changes: Insertable<Database['health_history']>[] = [];
      for (const s of due) {
        const p = place.get(s.id);
        const plan = planBackup(
          {
            id: s.id,
            hostname: s.hostname,
            seed: Number(s.seed),
            lastRpAt: s.last_rp_at === null ? null : Number(s.last_rp_at),
            nextBackupAt: Number(s.next_backup_at),
            intervalMinutes: Number(s.backup_interval_minutes),
          },
          now,
        );
        const runs = !s.parked && p?.jobId != null;
        const ok = runs && plan.status === 'COMPLETED';
        const lastRpAt = ok ? plan.startedAt : s.last_rp_at === null ? null : Number(s.last_rp_at);
        const health = runs
          ? evaluateHealth({
              parked: false,
              jobStatus: plan.status,
              lastRpAt,
              thresholdMinutes: resolveThreshold(s, thresholds),
              now,
            })
          : null;
        const changed = health !== null && health.health !== s.health_status;
        const added = ok ? plan.sizeBytes : 0;
        // The claim: only the call that moves next_backup_at from the value it read writes history.
        const claimed = await trx
          .updateTable('protected_systems')
          .set({
            next_backup_at: plan.nextBackupAt,
            ...(runs ? { last_job_status: plan.status, last_rp_at: lastRpAt } : {}),
            ...(ok && p?.isLocal
              ? {
                  local_used_bytes: grow(Number(s.local_used_bytes), added, Number(s.local_total_bytes)),
                  pool_used_bytes: grow(Number(s.pool_used_bytes), added, 0),
                }
              : {}),
            ...(ok && p?.isCloud ? { cloud_used_bytes: grow(Number(s.cloud_used_bytes), added, 0) } : {}),
            ...(health ? { health_status: health.health, health_reason: health.reason } : {}),
            ...(changed ? { health_changed_at: now } : {}),
          })
          .where('id', '=', s.id)
          .where('next_backup_at', '=', s.next_backup_at)
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) !== 1 || !runs || !p?.jobId) continue;
        result.backups++;
        result[plan.status === 'COMPLETED' ? 'completed' : plan.status === 'FAILED' ? 'failed' : 'missed']++;
        jobs.push({
          system_id: s.id,
          job_id: p.jobId,
          kind: 'Backup',
          backup_type: plan.backupType,
          status: plan.status,
          started_at: plan.startedAt,
          ended_at: plan.endedAt,
          paused_at: null,
          percent_complete: plan.percentComplete,
          size_bytes: plan.sizeBytes,
          error_msg: plan.errorMsg,
          pause_message: null,
        });
        if (ok) {
          points.push({
            system_id: s.id,
            job_id: p.jobId,
            taken_at: plan.startedAt,
            is_local: p.isLocal,
            is_cloud: p.isCloud,
            vault_id: p.isCloud ? p.vaultId : null,
            scheduled: 1,
            in_use: 0,
            size_bytes: plan.sizeBytes,
          });
        }
        if (changed && health) {
          result.healthChanges++;
          changes.push({
            system_id: s.id,
            started_at: now,
            health: health.health,
            reason: health.reason,
            description: health.description,
          });
        }
      }
      await inChunks(jobs, (part) => trx.insertInto('job_history').values(part).execute());
      await inChunks(points, (part) => trx.insertInto('restore_points').values(part).execute());
      await inChunks(changes, (part) => trx.insertInto('health_history').values(part).execute());
      await refreshResellerDaily(trx, [...new Set(due.map((s) => Number(s.reseller_id)))], dayStart(now));
    });
  }
  await advanceOutages(db, now, opts.faults);
  result.autoVerified = await nightlyAutoVerify(db, now, {
    batch: opts.autoVerifyBatch ?? 100,
    scan: opts.autoVerifyScan ?? 2000,
    faults: opts.faults,
  });
  return result;
}
