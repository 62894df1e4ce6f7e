// Small wording helpers for the dashboard's cells and feeds.

import { plural } from '@lifeboat/contract';

export { plural };

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'];

/** 1536 -> "1.5 KB" (powers of 1024, one decimal under 10). */
export function formatBytes(bytes: number): string {
  let v = Math.max(0, Number(bytes) || 0);
  let i = 0;
  while (v >= 1024 && i < UNITS.length - 1) {
    v /= 1024;
    i++;
  }
  const digits = v < 10 && i > 0 ? 1 : 0;
  return `${v.toFixed(digits)} ${UNITS[i]}`;
}

/** "5 minutes ago", "3 hours ago", "2 days ago"; "just now" under a minute. */
export function timeAgo(at: number, now: number): string {
  const s = Math.max(0, Math.round((now - at) / 1000));
  if (s < 60) return 'just now';
  const steps: [number, string][] = [
    [60, 'minute'],
    [3600, 'hour'],
    [86_400, 'day'],
  ];
  let unit = steps[0] as [number, string];
  for (const step of steps) if (s >= step[0]) unit = step;
  const n = Math.floor(s / unit[0]);
  return `${n} ${unit[1]}${n === 1 ? '' : 's'} ago`;
}

/** Minutes as words for thresholds: "36 hours", "7 days". */
export function minutesText(m: number): string {
  if (m % 1440 === 0) return plural(m / 1440, 'day');
  if (m % 60 === 0) return plural(m / 60, 'hour');
  return plural(m, 'minute');
}
