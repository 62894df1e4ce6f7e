// Calendar days in a time zone (issue 24, days and times): restore points are grouped into the
// days of the user's zone, the same days the web app writes their times in. A day key is
// YYYY-MM-DD; a day in a zone with daylight saving may last 23 or 25 hours.

const partsCache = new Map<string, Intl.DateTimeFormat>();

function partsIn(timeZone: string): Intl.DateTimeFormat {
  let f = partsCache.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsCache.set(timeZone, f);
  }
  return f;
}

/** The wall clock of `ms` in the zone, read as if it were UTC (for offsets and day keys). */
function wallClock(ms: number, timeZone: string): number {
  const p: Record<string, number> = {};
  for (const x of partsIn(timeZone).formatToParts(ms)) if (x.type !== 'literal') p[x.type] = Number(x.value);
  return Date.UTC(p.year ?? 1970, (p.month ?? 1) - 1, p.day ?? 1, p.hour ?? 0, p.minute ?? 0, p.second ?? 0);
}

/** The day of `ms` in the zone, YYYY-MM-DD. */
export function dayKeyIn(ms: number, timeZone: string): string {
  return new Date(wallClock(ms, timeZone)).toISOString().slice(0, 10);
}

/** The first millisecond of day `key` in the zone. */
export function dayStartIn(key: string, timeZone: string): number {
  const midnight = Date.parse(`${key}T00:00:00Z`);
  // The zone's offset near that midnight, taken twice so a change of offset that day is seen.
  let start = midnight - (wallClock(midnight, timeZone) - midnight);
  start = midnight - (wallClock(start, timeZone) - start);
  return start;
}

/** Day `key` moved by `days` calendar days. */
export function addDays(key: string, days: number): string {
  return new Date(Date.parse(`${key}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The zone's name when the runtime knows it, else UTC (a user whose zone is not stored yet). */
export const zoneOrUtc = (timeZone: string | null | undefined): string => timeZone || 'UTC';
