import { deriveHealth, type HealthVerdict, type Segment } from './health';
import type { BackupEvent, Episode } from './runs';

// Replays the health rule along a system's history. Runs newer than `denseFrom` are all recorded,
// so the replay is exact there. Older runs are a sample: between two sampled runs the skipped
// ones succeeded unless an episode says otherwise, so those gaps are replayed from the episodes.

export interface TimelineInput {
  startAt: number;
  /** Restore point assumed before the window (systems older than the history), else null. */
  priorRpAt: number | null;
  hasJobs: boolean;
  thresholdMinutes: number;
  intervalMinutes: number;
  events: readonly BackupEvent[];
  episodes: readonly Episode[];
  /** Start of the fully recorded part of the history. */
  denseFrom: number;
  parkedAt: number | null;
  now: number;
}

export interface Timeline {
  segments: Segment[];
  /** The verdict at `now` (same health as the last segment, with today's wording). */
  current: HealthVerdict;
  /** The newest restore point the replay saw, recorded or implied by a sampled gap. */
  lastRpAt: number | null;
}

export function healthTimeline(input: TimelineInput): Timeline {
  const segments: Segment[] = [];
  let lastRpAt = input.priorRpAt;
  let lastFinished: string | null = input.priorRpAt === null ? null : 'COMPLETED';
  let clock = input.startAt;
  const limit = input.thresholdMinutes * 60_000;
  const half = input.intervalMinutes * 30_000;
  const verdict = (at: number, parked: boolean) =>
    deriveHealth({
      parked,
      hasJobs: input.hasJobs,
      lastRpAt,
      lastFinishedStatus: lastFinished,
      thresholdMinutes: input.thresholdMinutes,
      at,
    });
  const evaluate = (at: number, parked = false) => {
    clock = Math.max(clock, at);
    const v = verdict(clock, parked);
    // Two changes at one instant: the later one wins, and a segment never lasts zero time.
    if (segments[segments.length - 1]?.startedAt === clock) segments.pop();
    const cur = segments[segments.length - 1];
    if (!cur || cur.health !== v.health) segments.push({ ...v, startedAt: clock });
  };
  // Crossing the threshold between two runs makes a system troubled without a run.
  const crossing = (to: number) => {
    if (lastRpAt !== null && lastRpAt + limit + 1 > clock && lastRpAt + limit + 1 < to)
      evaluate(lastRpAt + limit + 1);
  };
  const succeed = (at: number) => {
    if (at <= clock) return;
    lastRpAt = Math.max(lastRpAt ?? at, at);
    lastFinished = 'COMPLETED';
    evaluate(at);
  };
  // The unrecorded runs of a sampled gap: successes, except inside episodes.
  const sampledGap = (to: number) => {
    const end = Math.min(to, input.denseFrom);
    if (end <= clock || lastRpAt === null) return;
    for (const e of input.episodes) {
      if (e.to <= clock || e.from >= end) continue;
      succeed(e.from - half);
      lastFinished = e.kind === 'offline' ? 'MISSED' : 'FAILED';
      evaluate(Math.max(e.from, clock));
      crossing(Math.min(e.to, end));
      if (e.to < end) succeed(e.to);
      else clock = end;
    }
    succeed(end - half);
  };

  evaluate(input.startAt);
  const stop = input.parkedAt ?? input.now;
  for (const e of input.events) {
    if (e.at > stop) break;
    sampledGap(e.at);
    crossing(e.at);
    // Running and paused runs have not finished: they leave the verdict as it was.
    if (e.status === 'COMPLETED' || e.status === 'FAILED' || e.status === 'MISSED') lastFinished = e.status;
    if (e.rpAt !== null) lastRpAt = e.rpAt;
    evaluate(e.at);
  }
  sampledGap(stop);
  crossing(stop + 1);
  if (input.parkedAt !== null) evaluate(input.parkedAt, true);
  return { segments, current: verdict(input.now, input.parkedAt !== null), lastRpAt };
}
