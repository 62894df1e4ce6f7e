import { deriveHealth } from '@lifeboat/contract';
import type { Database } from '@lifeboat/db';
import type { Kysely } from 'kysely';
import { type Actor, scoped } from '../../scope';
import type { Device } from './device';

// A system's health depends on its threshold (the age of its newest restore point against it),
// so a changed threshold re-judges the system at once with the one rule (contract
// health-rule.ts) instead of waiting for its next backup: raising 24 hours to 48 no longer
// leaves "No successful backup in 24 hours" on the device page (issue 18.10).

/** Healths the threshold decides; parked, unprotected and no-data systems keep theirs. */
const JUDGED = new Set<Device['health_status']>(['TROUBLED', 'WARNED', 'NORMAL']);

export async function rejudgeHealth(
  trx: Kysely<Database>,
  actor: Actor,
  d: Device,
  threshold: { minutes: number; enabled: boolean },
  now: number,
): Promise<void> {
  if (!JUDGED.has(d.health_status) || d.parked === 1 || d.last_rp_at === null) return;
  const v = deriveHealth({
    parked: false,
    hasJobs: true,
    lastRpAt: Number(d.last_rp_at),
    lastFinishedStatus: d.last_job_status,
    thresholdMinutes: threshold.enabled ? threshold.minutes : Number.POSITIVE_INFINITY,
    at: now,
  });
  const reason = v.health === 'NORMAL' ? null : v.description;
  const changed = v.health !== d.health_status;
  if (!changed && reason === d.health_reason) return;
  await scoped(trx, actor)
    .updateTable('protected_systems as ps')
    .set({ health_status: v.health, health_reason: reason, ...(changed ? { health_changed_at: now } : {}) })
    .where('ps.id', '=', Number(d.id))
    .execute();
  if (changed)
    await scoped(trx, actor, d)
      .insertInto('health_history')
      .values({
        system_id: Number(d.id),
        started_at: now,
        health: v.health,
        reason: v.reason,
        description: v.description,
      })
      .execute();
}
