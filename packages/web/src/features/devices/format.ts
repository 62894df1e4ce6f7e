export { formatBytes } from '@lifeboat/contract';

// Display formats of the device pages: dates in the user's locale, sizes, durations, "ago".

// Dates come from the app's one formatter (issue 18.14).
export { formatDate, formatDateTime } from '../../format/dateTime';

/** "2 h 5 min", "45 s" */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '—';
  const s = Math.max(0, Math.round(ms / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (h > 0) return `${h} h ${m} min`;
  if (m > 0) return `${m} min ${s % 60} s`;
  return `${s} s`;
}

/** "3 hours ago", "in 20 minutes" */
export function timeAgo(ms: number, now = Date.now()): string {
  const diff = ms - now;
  const abs = Math.abs(diff);
  const [value, unit]: [number, Intl.RelativeTimeFormatUnit] =
    abs < 3_600_000
      ? [Math.round(diff / 60_000), 'minute']
      : abs < 86_400_000
        ? [Math.round(diff / 3_600_000), 'hour']
        : [Math.round(diff / 86_400_000), 'day'];
  return new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' }).format(value, unit);
}
