import { z } from 'zod';
import { isTimeZone } from './session';

// Routing of an alert rule (issue 27 points 3-4): who is told and how. E-mail per transition or
// gathered in an hourly or daily digest, which webhook endpoints hear of it, a severity below
// which nobody is told, and quiet hours during which e-mail waits and goes out as one digest when
// they end. Times are wall-clock times in the rule's own time zone (docs/decisions.md 'Alert
// routing'). The window arithmetic is pure and runs on the injected clock's instants.

export const EMAIL_MODES = ['each', 'hourly', 'daily'] as const;
export type EmailMode = (typeof EMAIL_MODES)[number];

export const WEBHOOK_MODES = ['all', 'chosen', 'none'] as const;
export type WebhookMode = (typeof WEBHOOK_MODES)[number];

/** The lowest severity that is told: 'info' tells everything, 'critical' only critical. */
export const MIN_SEVERITIES = ['info', 'warning', 'critical'] as const;
export type MinSeverity = (typeof MIN_SEVERITIES)[number];

const RANK: Record<string, number> = { info: 0, warning: 1, critical: 2 };

/** Whether an alert of `severity` reaches a channel whose threshold is `min`. */
export function severityReaches(severity: string, min: MinSeverity): boolean {
  return (RANK[severity] ?? 0) >= RANK[min]!;
}

export const WEBHOOK_CHOICES_MAX = 20;

/** Reminders of an alert nobody has acknowledged: every N hours, 0 never (docs/decisions.md 'Alert reminders'). */
export const REMIND_HOURS_DEFAULT = 24;
export const REMIND_HOURS_MAX = 7 * 24;

const clockTime = z
  .string({ message: 'Enter a time such as 22:00.' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Enter a time such as 22:00 (hours 00 to 23).');

export const quietHours = z.object({ start: clockTime, end: clockTime }).refine((q) => q.start !== q.end, {
  message: 'Quiet hours need an end different from their start.',
  path: ['end'],
});
export type QuietHours = z.infer<typeof quietHours>;

export const alertRouting = z
  .object({
    /** E-mail to the rule's recipients: one per transition, or an hourly or daily digest. */
    email: z.enum(EMAIL_MODES, { message: 'Choose each change, hourly or daily.' }),
    email_min_severity: z.enum(MIN_SEVERITIES, { message: 'Choose info, warning or critical.' }),
    /** The hour (0-23, in time_zone) the daily digest goes out. */
    daily_at: z
      .number({ message: 'Enter the hour of the daily digest.' })
      .int('Enter a whole hour.')
      .min(0, 'Enter an hour from 0 to 23.')
      .max(23, 'Enter an hour from 0 to 23.'),
    webhooks: z.enum(WEBHOOK_MODES, { message: 'Choose all, chosen or no webhook endpoints.' }),
    /** With webhooks 'chosen': the endpoints (the reseller's own, or the client's own). */
    webhook_ids: z
      .array(z.number().int().positive())
      .max(WEBHOOK_CHOICES_MAX, `Choose at most ${WEBHOOK_CHOICES_MAX} webhook endpoints.`),
    webhook_min_severity: z.enum(MIN_SEVERITIES, { message: 'Choose info, warning or critical.' }),
    /** null: none. E-mail only; webhooks feed machines, which are never asleep. */
    quiet_hours: quietHours.nullable(),
    time_zone: z.string().max(64).refine(isTimeZone, 'Choose a time zone such as Europe/London.'),
    /**
     * E-mail again every this many hours while the alert stays open and nobody has acknowledged
     * it (0: never). Added later: a rule stored before it reads the default.
     */
    remind_hours: z
      .number({ message: 'Enter a number of hours, or 0 for no reminders.' })
      .int('Enter a whole number of hours.')
      .min(0, 'Enter 0 (no reminders) or more hours.')
      .max(REMIND_HOURS_MAX, `Enter at most ${REMIND_HOURS_MAX} hours (a week), or 0 for no reminders.`)
      .default(REMIND_HOURS_DEFAULT),
  })
  .refine((r) => r.webhooks !== 'chosen' || r.webhook_ids.length > 0, {
    message: 'Choose at least one webhook endpoint, or choose none.',
    path: ['webhook_ids'],
  });
export type AlertRouting = z.infer<typeof alertRouting>;

/** What a rule stored before routing existed reads as: each change by e-mail, every endpoint. */
export const DEFAULT_ALERT_ROUTING: AlertRouting = {
  email: 'each',
  email_min_severity: 'info',
  daily_at: 8,
  webhooks: 'all',
  webhook_ids: [],
  webhook_min_severity: 'info',
  quiet_hours: null,
  time_zone: 'UTC',
  remind_hours: REMIND_HOURS_DEFAULT,
};

// --- wall-clock arithmetic in a time zone ---

const HOUR = 3_600_000;
const MINUTE = 60_000;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(tz, f);
  }
  return f;
}

/** The zone's offset from UTC at `at`, in ms (Paris in winter: +3_600_000). */
export function zoneOffset(at: number, tz: string): number {
  const p = Object.fromEntries(
    formatter(tz)
      .formatToParts(new Date(at))
      .map((x) => [x.type, x.value]),
  );
  const wall = Date.UTC(+p.year!, +p.month! - 1, +p.day!, +p.hour!, +p.minute!, +p.second!);
  return wall - Math.floor(at / 1000) * 1000;
}

/** Minutes since local midnight at `at`. */
export function localMinutes(at: number, tz: string): number {
  const wall = at + zoneOffset(at, tz);
  return Math.floor((((wall % 86_400_000) + 86_400_000) % 86_400_000) / MINUTE);
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The first instant after `now` whose local time in `tz` is `minutes` past midnight. */
export function nextLocalTime(now: number, minutes: number, tz: string): number {
  const wallNow = now + zoneOffset(now, tz);
  const midnight = Math.floor(wallNow / 86_400_000) * 86_400_000;
  for (let day = 0; day <= 2; day++) {
    const wall = midnight + day * 86_400_000 + minutes * MINUTE;
    // The wall time back to an instant with the offset that holds there (DST moves it).
    const at = wall - zoneOffset(wall - zoneOffset(wall, tz), tz);
    if (at > now) return at;
  }
  return now + 86_400_000;
}

/** Whether `at` falls within the quiet hours (start inclusive, end exclusive; across midnight too). */
export function inQuietHours(at: number, q: QuietHours | null, tz: string): boolean {
  if (!q) return false;
  const m = localMinutes(at, tz);
  const s = minutesOf(q.start);
  const e = minutesOf(q.end);
  return s < e ? m >= s && m < e : m >= s || m < e;
}

/** The next top of a local hour after `now` (the hourly digest's time). */
export function nextHour(now: number, tz: string): number {
  const off = zoneOffset(now, tz);
  return Math.floor((now + off) / HOUR + 1) * HOUR - off;
}

export type MailPeriod = 'now' | 'hourly' | 'daily' | 'quiet';

/**
 * When a transition made at `now` is e-mailed under `r`: at once ('now'), or held for the digest
 * of `period` due at `due`. A send time that falls in quiet hours moves to their end, where every
 * held message of the rule goes out as one digest.
 */
export function mailSchedule(now: number, r: AlertRouting): { period: MailPeriod; due: number } {
  let due = now;
  let period: MailPeriod = 'now';
  if (r.email === 'hourly') {
    due = nextHour(now, r.time_zone);
    period = 'hourly';
  } else if (r.email === 'daily') {
    due = nextLocalTime(now, r.daily_at * 60, r.time_zone);
    period = 'daily';
  }
  if (r.quiet_hours && inQuietHours(due, r.quiet_hours, r.time_zone)) {
    due = nextLocalTime(due, minutesOf(r.quiet_hours.end), r.time_zone);
    period = 'quiet';
  }
  return { period, due };
}

export const DIGEST_WORD: Record<Exclude<MailPeriod, 'now'>, string> = {
  hourly: 'Hourly digest',
  daily: 'Daily digest',
  quiet: 'After quiet hours',
};

/**
 * A digest's subject, plain so that a mail rule can filter on it:
 * "[Lifeboat] Hourly digest: 3 alert changes (Acme Dental)".
 */
export function digestMailSubject(d: { period: string; count: number; orgName: string }): string {
  const word = DIGEST_WORD[d.period as Exclude<MailPeriod, 'now'>] ?? 'Digest';
  const n = d.count === 1 ? '1 alert change' : `${d.count} alert changes`;
  return `[Lifeboat] ${word}: ${n} (${d.orgName})`;
}
