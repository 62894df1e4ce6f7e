import {
  addDays,
  dayKeyIn,
  dayStartIn,
  RECOVERY_DAY_STRIP,
  type RecoveryPointsAnswer,
} from '@lifeboat/contract';

// spec: recovery-flow 2 setRecoveryPoint and 9: a 7-day strip with the centre day selected,
// previous/next paging, days without points disabled. Days are the calendar days of the user's
// time zone (issue 24), the days the web app writes the points' times in.

/** A YYYY-MM-DD that names a real day, or null. */
export function parseDay(raw: string | undefined): string | null {
  if (!raw || !/^\d{4}-\d{2}-\d{2}$/.test(raw)) return null;
  const ms = Date.parse(`${raw}T00:00:00Z`);
  return Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== raw ? null : raw;
}

/**
 * The strip around `centre` (default: the day of the latest point), in `timeZone`. `points` are
 * sorted by time. prev/next name the centre of the neighbouring strip that holds a point, or null.
 */
export function dayStrip(
  points: ReadonlyArray<{ id: number; ts: number }>,
  centre: string | null,
  now: number,
  timeZone: string,
): NonNullable<RecoveryPointsAnswer['data']> {
  const key = (ms: number) => dayKeyIn(ms, timeZone);
  const startOf = (day: string) => dayStartIn(day, timeZone);
  const last = points[points.length - 1];
  const first = points[0];
  const today = key(now);
  const wanted = centre ?? (last ? key(last.ts) : today);
  // A day after today cannot hold a point: the strip ends today at the latest (issue 18.14),
  // so near today the selected day sits right of the centre. Keys compare as dates.
  const selected = wanted > today ? today : wanted;
  const half = Math.floor(RECOVERY_DAY_STRIP / 2);
  const fromCentre = addDays(selected, -half);
  const fromToday = addDays(today, -(RECOVERY_DAY_STRIP - 1));
  const startDay = fromCentre < fromToday ? fromCentre : fromToday;
  const start = startOf(startDay);
  const end = startOf(addDays(startDay, RECOVERY_DAY_STRIP));
  const dates = Array.from({ length: RECOVERY_DAY_STRIP }, (_, k) => {
    const date = addDays(startDay, k);
    const from = startOf(date);
    const to = startOf(addDays(date, 1));
    const inDay = points.filter((p) => p.ts >= from && p.ts < to);
    return { date, points: inDay, enabled: inDay.length > 0 };
  });
  // Page by a whole strip, or jump over a longer gap straight to the next day with points.
  const before = points.filter((p) => p.ts < start).pop();
  const after = points.find((p) => p.ts >= end);
  const back = addDays(selected, -RECOVERY_DAY_STRIP);
  const ahead = addDays(selected, RECOVERY_DAY_STRIP);
  return {
    dates,
    selected,
    min: first ? key(first.ts) : null,
    max: last ? key(last.ts) : null,
    prev: before ? (key(before.ts) < back ? key(before.ts) : back) : null,
    next: after ? (key(after.ts) > ahead ? key(after.ts) : ahead) : null,
    total_points: points.length,
  };
}
