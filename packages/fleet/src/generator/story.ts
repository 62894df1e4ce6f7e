import { THRESHOLD_DEFAULTS, THRESHOLD_MINUTES } from '@lifeboat/contract';
import type { GenContext } from './context';
import { DAY, HOUR, MINUTE } from './plan-types';
import type { Rng } from './rng';
import type { Episode } from './runs';
import type { SystemSpec } from './system-spec';

// A system's health story: its alert threshold (system > client > reseller > default), a backup
// interval that fits it, and the failure episodes that make its profile come true.

const INTERVALS = [60, 120, 240, 360, 720, 1440];

/** Nobody schedules backups rarer than the alert threshold allows: keep 1.5 runs per threshold. */
export function fitInterval(intervalMinutes: number, thresholdMinutes: number): number {
  if (intervalMinutes * 1.5 <= thresholdMinutes) return intervalMinutes;
  const fitting = INTERVALS.filter((m) => m * 1.5 <= thresholdMinutes);
  return fitting[fitting.length - 1] ?? 60;
}

export function thresholdFor(
  ctx: GenContext,
  overrides: Map<string, number>,
  rng: Rng,
  reseller: number,
  client: number,
  system: number,
  kind: 'server' | 'workstation',
): number {
  if (rng.chance(ctx.plan.systemOverrideRate)) {
    const minutes = rng.pick(THRESHOLD_MINUTES.filter((m) => m >= 720 && m <= 10080));
    ctx.sink.add('thresholds', {
      id: ctx.ids.next('thresholds'),
      scope_kind: 'system',
      scope_id: system,
      kind,
      minutes,
      enabled: 1,
    });
    overrides.set(`system:${system}:${kind}`, minutes);
  }
  const t = overrides;
  return (
    t.get(`system:${system}:${kind}`) ??
    t.get(`client:${client}:${kind}`) ??
    t.get(`reseller:${reseller}:${kind}`) ??
    THRESHOLD_DEFAULTS[kind]
  );
}

export function episodesFor(
  rng: Rng,
  spec: SystemSpec,
  now: number,
  windowStart: number,
  thresholdMs: number,
  offlineSince: number,
): Episode[] {
  const out: Episode[] = [];
  const past = rng.weighted([
    [0, 50],
    [1, 40],
    [2, 10],
  ]);
  for (let e = 0; e < past; e++) {
    const from = windowStart + rng.float() * Math.max(0, now - 12 * DAY - windowStart);
    out.push({ from, to: from + thresholdMs * rng.between(0.4, 1.6), kind: 'fail' });
  }
  const interval = spec.intervalMinutes * MINUTE;
  if (spec.profile === 'offline') out.push({ from: offlineSince, to: now + 1, kind: 'offline' });
  if (spec.profile === 'troubled')
    out.push({ from: now - thresholdMs - rng.int(2, 96) * HOUR, to: now + 1, kind: 'fail' });
  if (spec.profile === 'warned') {
    const from = rng.chance(0.5)
      ? now - rng.int(1, 3) * interval
      : now - thresholdMs * rng.between(0.55, 0.95);
    out.push({ from, to: now + 1, kind: 'fail' });
  }
  if (spec.profile === 'healthy') {
    // A healthy system's latest runs succeed, whatever the past episodes did.
    for (const e of out) e.to = Math.min(e.to, now - Math.max(thresholdMs, 2 * interval));
  }
  // Whole milliseconds: episode edges become health-history times.
  return out
    .map((e) => ({ ...e, from: Math.round(e.from), to: Math.round(e.to) }))
    .filter((e) => e.to > e.from)
    .sort((a, b) => a.from - b.from);
}
