import { intBetween, pick, unit } from './random';

// One scheduled backup of one system, planned as a pure function of the system's seed and the
// schedule slot: the same fleet advanced to the same time always gets the same history.

export type BackupStatus = 'COMPLETED' | 'FAILED' | 'MISSED';

export const FAILED_SHARE = 0.05;
export const MISSED_SHARE = 0.03;

const ERRORS = [
  'VSS snapshot creation failed: VSS_E_UNEXPECTED_PROVIDER_ERROR (0x8004230F).',
  'Lost connection to the agent on {host}: the connection timed out after 300 seconds.',
  'Not enough free space on the backup destination to store the incremental.',
  'The volume C: changed too much during the snapshot; the change journal overflowed.',
  'Access denied reading {host}\\C$\\System Volume Information: the service account lacks rights.',
  'The backup was cancelled because {host} was shutting down.',
];

const GB = 1024 ** 3;
const MIN = 60_000;

export interface DueSystem {
  id: number;
  hostname: string;
  seed: number;
  lastRpAt: number | null;
  nextBackupAt: number;
  intervalMinutes: number;
}

export interface PlannedBackup {
  /** The schedule slot this job belongs to (the latest one not after now). */
  slot: number;
  nextBackupAt: number;
  status: BackupStatus;
  backupType: 'Initial' | 'Incremental' | 'Full';
  startedAt: number;
  endedAt: number | null;
  percentComplete: number;
  sizeBytes: number;
  errorMsg: string | null;
}

/**
 * A system that fell behind (the console was off) runs one job for the latest slot, as a real
 * appliance would, instead of replaying every missed hour.
 */
export function scheduleSlot(nextBackupAt: number, intervalMinutes: number, now: number) {
  const every = Math.max(1, intervalMinutes) * MIN;
  const slot = nextBackupAt + Math.floor(Math.max(0, now - nextBackupAt) / every) * every;
  return { slot, nextBackupAt: slot + every };
}

export function planBackup(sys: DueSystem, now: number): PlannedBackup {
  const { slot, nextBackupAt } = scheduleSlot(sys.nextBackupAt, sys.intervalMinutes, now);
  const r = unit('backup', sys.seed, slot);
  const status: BackupStatus =
    r < MISSED_SHARE ? 'MISSED' : r < MISSED_SHARE + FAILED_SHARE ? 'FAILED' : 'COMPLETED';
  const backupType =
    sys.lastRpAt === null ? 'Initial' : unit('full', sys.seed, slot) < 0.04 ? 'Full' : 'Incremental';
  const big = backupType !== 'Incremental';
  const durationMs =
    (big ? intBetween(30, 150, 'dur', sys.seed, slot) : intBetween(2, 25, 'dur', sys.seed, slot)) * MIN;
  const sizeBytes = Math.round(
    (big
      ? intBetween(20_000, 400_000, 'size', sys.seed, slot)
      : intBetween(100, 6_000, 'size', sys.seed, slot)) *
      (GB / 1000),
  );
  // A job never ends in the future of the clock that asked.
  const endedAt = Math.min(slot + durationMs, now);
  const startedAt = Math.min(slot, endedAt - durationMs);
  if (status === 'MISSED') {
    return {
      slot,
      nextBackupAt,
      status,
      backupType,
      startedAt: slot,
      endedAt: null,
      percentComplete: 0,
      sizeBytes: 0,
      errorMsg: null,
    };
  }
  if (status === 'FAILED') {
    const percent = intBetween(1, 95, 'pct', sys.seed, slot);
    return {
      slot,
      nextBackupAt,
      status,
      backupType,
      startedAt,
      endedAt: startedAt + Math.round((durationMs * percent) / 100),
      percentComplete: percent,
      sizeBytes: 0,
      errorMsg: pick(ERRORS, 'err', sys.seed, slot).replace('{host}', sys.hostname),
    };
  }
  return {
    slot,
    nextBackupAt,
    status,
    backupType,
    startedAt,
    endedAt,
    percentComplete: 100,
    sizeBytes,
    errorMsg: null,
  };
}

/** Storage after a job: new data in, old restore points pruned by retention. */
export function grow(used: number, added: number, cap: number): number {
  const next = Math.round(used * 0.999 + added / 10);
  return cap > 0 ? Math.min(next, Math.round(cap * 0.95)) : next;
}
