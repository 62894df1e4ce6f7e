// The health rule of a system: parked > no job > no restore point > overdue (older than the
// threshold) > last run failed or missed (warned) > normal. The generator replays it along each
// system's history, the simulator applies it after each job, and the console re-judges a system
// with it when its threshold changes (issue 18.10), so all three always agree.

export type HealthCode = 'TROUBLED' | 'WARNED' | 'NORMAL' | 'PARKED' | 'NODATA' | 'UNPROTECTED';

export interface HealthInput {
  parked: boolean;
  hasJobs: boolean;
  lastRpAt: number | null;
  /** Status of the last finished backup run (running ones do not count). */
  lastFinishedStatus: string | null;
  thresholdMinutes: number;
  at: number;
}

export interface HealthVerdict {
  health: HealthCode;
  reason: string;
  description: string;
}

/** "36 hours", "3 days", "2 weeks": how a person says a duration. */
export function humanDuration(ms: number): string {
  const hours = Math.round(ms / 3_600_000);
  if (hours < 1) return `${Math.max(1, Math.round(ms / 60_000))} minutes`;
  if (hours < 48) return hours === 1 ? '1 hour' : `${hours} hours`;
  const days = Math.round(hours / 24);
  if (days < 14) return `${days} days`;
  return `${Math.round(days / 7)} weeks`;
}

export function deriveHealth(h: HealthInput): HealthVerdict {
  if (h.parked)
    return {
      health: 'PARKED',
      reason: 'Parked',
      description: 'Backups paused by the reseller; alerts are silenced',
    };
  if (!h.hasJobs) {
    return {
      health: 'UNPROTECTED',
      reason: 'No backup job',
      description: 'The agent is installed but no backup job is configured',
    };
  }
  if (h.lastRpAt === null) {
    return {
      health: 'NODATA',
      reason: 'No restore points',
      description: 'Waiting for the first successful backup',
    };
  }
  const age = h.at - h.lastRpAt;
  const limit = h.thresholdMinutes * 60_000;
  if (age > limit) {
    return {
      health: 'TROUBLED',
      reason: 'No successful backup',
      description: `No successful backup in ${humanDuration(limit)}`,
    };
  }
  // As the simulator judges a finished job: a failure inside the threshold only warns.
  if (h.lastFinishedStatus === 'FAILED' || h.lastFinishedStatus === 'MISSED') {
    const what =
      h.lastFinishedStatus === 'FAILED' ? 'Last backup failed' : 'Last scheduled backup was missed';
    return {
      health: 'WARNED',
      reason: what,
      description: `${what}; last restore point ${humanDuration(age)} ago`,
    };
  }
  return { health: 'NORMAL', reason: 'Protected', description: 'Backups are completing on schedule' };
}
