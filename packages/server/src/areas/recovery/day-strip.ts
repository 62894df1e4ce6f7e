import { RECOVERY_DAY_STRIP, type RecoveryPointsAnswer } from '@lifeboat/contract';

// spec: recovery-flow 2 setRecoveryPoint and 9: a 7-day strip with the centre day selected,
// previous/next paging, days without points disabled. Days are UTC calendar days.

const DAY = 86_400_000;

export const dayKey = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
export const dayStartOf = (key: string): number => Date.parse(`${key}T00:00:00Z`);

/** A YYYY-MM-DD that names a real day, or null. */
export function parseDay(raw: string | undefined): string | null {
  if (!raw || !/^\d{4}-\d{2}-\d{2}$/.test(raw)) return null;
  const ms = dayStartOf(raw);
  return Number.isNaN(ms) || dayKey(ms) !== raw ? null : raw;
}

/**
 * The strip around `centre` (default: the day of the latest point). `points` are sorted by time.
 * prev/next name the centre of the neighbouring strip that holds a point, or null.
 */
export function dayStrip(
  points: ReadonlyArray<{ id: number; ts: number }>,
  centre: string | null,
  now: number,
): NonNullable<RecoveryPointsAnswer['data']> {
  const last = points[points.length - 1];
  const first = points[0];
  const today = dayStartOf(dayKey(now));
  const wanted = centre ?? (last ? dayKey(last.ts) : dayKey(now));
  // A day after today cannot hold a point: the strip ends today at the latest (issue 18.14),
  // so near today the selected day sits right of the centre.
  const selected = dayStartOf(wanted) > today ? dayKey(today) : wanted;
  const half = Math.floor(RECOVERY_DAY_STRIP / 2);
  const start = Math.min(dayStartOf(selected) - half * DAY, today - (RECOVERY_DAY_STRIP - 1) * DAY);
  const end = start + RECOVERY_DAY_STRIP * DAY;
  const dates = Array.from({ length: RECOVERY_DAY_STRIP }, (_, k) => {
    const from = start + k * DAY;
    const inDay = points.filter((p) => p.ts >= from && p.ts < from + DAY);
    return { date: dayKey(from), points: inDay, enabled: inDay.length > 0 };
  });
  // Page by a whole strip, or jump over a longer gap straight to the next day with points.
  const before = points.filter((p) => p.ts < start).pop();
  const after = points.find((p) => p.ts >= end);
  return {
    dates,
    selected,
    min: first ? dayKey(first.ts) : null,
    max: last ? dayKey(last.ts) : null,
    prev: before ? dayKey(Math.min(dayStartOf(selected) - RECOVERY_DAY_STRIP * DAY, before.ts)) : null,
    next: after ? dayKey(Math.max(dayStartOf(selected) + RECOVERY_DAY_STRIP * DAY, after.ts)) : null,
    total_points: points.length,
  };
}
