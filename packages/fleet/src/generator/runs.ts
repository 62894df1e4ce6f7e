import { OFFLINE_ERROR, PAUSE_MESSAGES, REPLICATION_ERRORS } from './catalog';
import type { IdCounter } from './context';
import { DAY, MINUTE } from './plan-types';
import type { Rng } from './rng';
import type { Sink } from './sink';

// A system's job history: backups on its schedule (every run of the last days, then a sample
// spread over the window, so a history of N rows still spans 90 days), replications to the cloud
// after some of them, failures inside the episodes its health story asks for.

export interface Episode {
  from: number;
  to: number;
  /** 'offline': the appliance is gone, runs are missed; 'fail': the backup itself fails. */
  kind: 'fail' | 'offline';
}

export interface RunPlan {
  systemId: number;
  now: number;
  windowStart: number;
  createdAt: number;
  intervalMinutes: number;
  /** job_history rows wanted (backups and replications together). */
  target: number;
  hasCloud: boolean;
  jobIds: number[];
  nextBackupAt: number;
  /** Last moment a run may start: now, or when the system was parked. */
  endAt: number;
  runningNow: boolean;
  neverSucceeds: boolean;
  episodes: Episode[];
  protectedBytes: number;
  errors: readonly string[];
}

/** A finished or running backup, as the health timeline sees it. */
export interface BackupEvent {
  at: number;
  status: string;
  /** Snapshot time when the run completed (a restore point), else null. */
  rpAt: number | null;
}

export interface CompletedBackup {
  takenAt: number;
  jobId: number;
  size: number;
}

export interface RunResult {
  events: BackupEvent[];
  completed: CompletedBackup[];
  lastStatus: string | null;
  /** Start of the fully recorded (newest) part of the history. */
  denseFrom: number;
}

type Outcome = readonly [status: string, error: string | null];

function outcome(rng: Rng, t: number, plan: RunPlan, sampled: boolean): Outcome {
  if (plan.neverSucceeds) return ['FAILED', rng.pick(plan.errors)];
  for (const e of plan.episodes) {
    if (t < e.from || t > e.to) continue;
    if (e.kind === 'offline') return rng.chance(0.7) ? ['MISSED', null] : ['FAILED', OFFLINE_ERROR];
    const s = rng.weighted<string>([
      ['FAILED', 60],
      ['MISSED', 22],
      ['PAUSED', 12],
      ['MANUALLY_PAUSED', 6],
    ]);
    return [s, s === 'FAILED' ? rng.pick(plan.errors) : null];
  }
  // A sampled old run stands for its unrecorded neighbours: outside episodes, they succeeded.
  if (sampled) return ['COMPLETED', null];
  const s = rng.weighted<string>([
    ['COMPLETED', 975],
    ['FAILED', 15],
    ['MISSED', 6],
    ['PAUSED', 3],
    ['MANUALLY_PAUSED', 1],
  ]);
  return [s, s === 'FAILED' ? rng.pick(plan.errors) : null];
}

/**
 * Schedule slots k (start = nextBackupAt - k * interval) to keep, oldest first, and how many of
 * the newest are consecutive (every run recorded).
 */
function chooseSlots(plan: RunPlan, backups: number): { slots: number[]; dense: number } {
  const interval = plan.intervalMinutes * MINUTE;
  const firstAt = Math.max(plan.windowStart, plan.createdAt);
  const kMin = Math.max(1, Math.ceil((plan.nextBackupAt - plan.endAt) / interval));
  const kMax = Math.floor((plan.nextBackupAt - firstAt) / interval);
  const available = kMax - kMin + 1;
  if (available <= 0) return { slots: [], dense: 0 };
  const b = Math.min(available, backups);
  const dense = Math.min(b, Math.ceil(b / 2));
  const slots: number[] = [];
  for (let k = kMin; k < kMin + dense; k++) slots.push(k);
  const sparse = b - dense;
  const from = kMin + dense - 1;
  for (let j = 1; j <= sparse; j++) slots.push(from + Math.round((j * (kMax - from)) / sparse));
  return { slots: slots.reverse(), dense: available <= backups ? b : dense };
}

export function writeRuns(rng: Rng, sink: Sink, ids: IdCounter, plan: RunPlan): RunResult {
  const interval = plan.intervalMinutes * MINUTE;
  const share = plan.hasCloud ? 0.8 : 1;
  const { slots, dense } = chooseSlots(plan, Math.max(1, Math.round(plan.target * share)));
  const denseFrom =
    slots.length === 0 ? plan.now : plan.nextBackupAt - (slots[slots.length - dense] as number) * interval;
  // Replications fill the rest of the row budget, at most one after each completed backup.
  const replicationRate =
    plan.hasCloud && slots.length > 0
      ? Math.min(1, Math.max(0, plan.target - slots.length) / slots.length)
      : 0;
  let replicationDebt = 0;
  const createdInWindow = plan.createdAt >= plan.windowStart;
  let lastFullAt = createdInWindow ? plan.createdAt : plan.windowStart - rng.int(0, 27) * DAY;
  let everCompleted = !createdInWindow;
  const events: BackupEvent[] = [];
  const completed: CompletedBackup[] = [];
  let lastStatus: string | null = null;

  for (let s = 0; s < slots.length; s++) {
    const latest = s === slots.length - 1;
    const slotAt = plan.nextBackupAt - (slots[s] as number) * interval;
    // Agents start a little after the slot, but never after now.
    let start = Math.min(slotAt + rng.int(0, 120) * 1000, Math.max(slotAt, plan.now - 1000));
    // Only the newest run may still be going: older ones end before the next slot.
    const nextSlotAt = latest
      ? Number.POSITIVE_INFINITY
      : plan.nextBackupAt - (slots[s + 1] as number) * interval;
    const jobId = (plan.jobIds.length > 1 && s % 4 === 3 ? plan.jobIds[1] : plan.jobIds[0]) as number;
    const type = !everCompleted ? 'Initial' : start - lastFullAt >= 28 * DAY ? 'Full' : 'Incremental';
    const big = type !== 'Incremental';
    // Whole milliseconds: every time column is an integer.
    const natural = Math.round(
      big
        ? Math.min(
            20 * 3_600_000,
            Math.max(10 * MINUTE, (plan.protectedBytes / rng.logNormal(60e6, 0.4)) * 1000),
          )
        : Math.min(interval * 0.8, Math.max(MINUTE, rng.logNormal(6, 0.8) * MINUTE)),
    );
    const duration = Math.min(natural, Math.max(MINUTE, nextSlotAt - start - MINUTE));
    const fullSize = big
      ? plan.protectedBytes * rng.between(0.55, 0.7)
      : plan.protectedBytes * 0.02 * Math.min(1, plan.intervalMinutes / 1440) * rng.logNormal(1, 0.6);
    let [status, error] = outcome(rng, start, plan, s < slots.length - dense);
    let endedAt: number | null = start + duration;
    let pausedAt: number | null = null;
    let percent = 100;
    let size = Math.round(Math.max(20e6, fullSize));
    if (latest && plan.runningNow) {
      status = 'RUNNING';
      error = null;
      start = plan.now - rng.int(2, 40) * MINUTE;
      endedAt = null;
      percent = rng.int(3, 97);
      size = Math.round((size * percent) / 100);
    } else if (status === 'FAILED') {
      endedAt = start + Math.round(duration * rng.between(0.05, 0.9));
      percent = rng.int(2, 95);
      size = 0;
    } else if (status === 'MISSED') {
      endedAt = null;
      percent = 0;
      size = 0;
    } else if (status !== 'COMPLETED') {
      pausedAt = start + Math.round(duration * rng.between(0.1, 0.9));
      endedAt = null;
      percent = rng.int(5, 90);
      size = Math.round((size * percent) / 100);
    }
    // A run still going at `now` is reported as running, never as finished in the future.
    if (endedAt !== null && endedAt > plan.now) {
      status = 'RUNNING';
      error = null;
      endedAt = null;
      percent = Math.max(1, Math.min(99, Math.round(((plan.now - start) / duration) * 100)));
    }
    sink.add('job_history', {
      id: ids.next('job_history'),
      system_id: plan.systemId,
      job_id: jobId,
      kind: 'Backup',
      backup_type: type,
      status,
      started_at: start,
      ended_at: endedAt,
      paused_at: pausedAt,
      percent_complete: percent,
      size_bytes: size,
      error_msg: status === 'FAILED' ? error : null,
      pause_message: status === 'PAUSED' ? rng.pick(PAUSE_MESSAGES) : null,
    });
    lastStatus = status;
    const ok = status === 'COMPLETED';
    events.push({ at: endedAt ?? pausedAt ?? start, status, rpAt: ok ? start : null });
    if (!ok) continue;
    everCompleted = true;
    if (type !== 'Incremental') lastFullAt = start;
    completed.push({ takenAt: start, jobId, size });
    replicationDebt += replicationRate;
    if (replicationDebt >= 1 || (type === 'Initial' && replicationRate > 0)) {
      replicationDebt = Math.max(0, replicationDebt - 1);
      writeReplication(
        rng,
        sink,
        ids,
        plan,
        jobId,
        (endedAt as number) + rng.int(1, 15) * MINUTE,
        size,
        type,
      );
    }
  }
  return { events, completed, lastStatus, denseFrom };
}

function writeReplication(
  rng: Rng,
  sink: Sink,
  ids: IdCounter,
  plan: RunPlan,
  jobId: number,
  start: number,
  size: number,
  type: string,
): void {
  if (start >= plan.now) return;
  const offline = plan.episodes.some((e) => e.kind === 'offline' && start >= e.from && start <= e.to);
  // Even a first upload shows as one run of at most half a day.
  const duration = Math.round(
    Math.min(12 * 3_600_000, Math.max(MINUTE, (size / rng.logNormal(25e6, 0.5)) * 1000)),
  );
  let status = offline ? 'MISSED' : rng.chance(0.96) ? 'COMPLETED' : 'FAILED';
  let endedAt: number | null =
    status === 'COMPLETED' ? start + duration : status === 'FAILED' ? start + Math.round(duration / 3) : null;
  let percent = status === 'COMPLETED' ? 100 : status === 'FAILED' ? rng.int(5, 90) : 0;
  if (endedAt !== null && endedAt > plan.now) {
    status = 'RUNNING';
    endedAt = null;
    percent = Math.max(1, Math.min(99, Math.round(((plan.now - start) / duration) * 100)));
  }
  sink.add('job_history', {
    id: ids.next('job_history'),
    system_id: plan.systemId,
    job_id: jobId,
    kind: 'Replication',
    backup_type: type === 'Initial' ? 'Initial' : 'Incremental',
    status,
    started_at: start,
    ended_at: endedAt,
    paused_at: null,
    percent_complete: percent,
    size_bytes: status === 'COMPLETED' || status === 'RUNNING' ? Math.round((size * percent) / 100) : 0,
    error_msg: status === 'FAILED' ? rng.pick(REPLICATION_ERRORS) : null,
    pause_message: null,
  });
}
