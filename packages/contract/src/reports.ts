import { z } from 'zod';
import { jsonWhole } from './call';

// Executive summary reports (spec: inventory-reports-exports-security 2 'Executive summary report
// page', 3, 4, 5, 9). The date rules and the period computation are pure and shared: the builder
// enables Generate with them and the server refuses with the same sentences.

export const DAY_MS = 86_400_000;
/** spec 9: report period minimum 7 days, maximum 92 days (both ends counted). */
export const REPORT_MIN_DAYS = 7;
export const REPORT_MAX_DAYS = 92;
/** spec 9: poll every 5 s, give up after 30 minutes. */
export const REPORT_POLL_MS = 5_000;
export const REPORT_TIMEOUT_MS = 30 * 60_000;
/** A schedule sends to at most this many addresses (spec 5 'a limit-reached error exists'). */
export const REPORT_EMAIL_LIMIT = 10;
/** The server-provided e-mail pattern (spec 5): one address, no spaces, a dot in the domain. */
export const REPORT_EMAIL_PATTERN = /^[^\s@,;<>]+@[^\s@,;<>]+\.[^\s@,;<>]+$/;
export const REPORT_EMAIL_PATTERN_SOURCE = REPORT_EMAIL_PATTERN.source;

export const REPORT_FREQUENCIES = ['weekly', 'monthly', 'quarterly'] as const;
export type ReportFrequency = (typeof REPORT_FREQUENCIES)[number];
export const REPORT_LEVELS = ['summary', 'detailed'] as const;
export type ReportLevel = (typeof REPORT_LEVELS)[number];
/** Internet speeds (Mbit/s) for the estimated time to restore; the default is the first. */
export const BANDWIDTH_CHOICES = [100, 10, 50, 500, 1000] as const;
export const DEFAULT_BANDWIDTH = 100;

export const DEFAULT_SUMMARY =
  'Your backups ran and were checked over this period. This report lists each protected system, how recent and how reliable its backups were, and the proof that it can be recovered.';
export const DEFAULT_SUGGESTED_ACTIONS =
  'Review any system marked as missing its recovery-point objective, and ask us to look at systems whose AutoVerify failed.';

/** spec 5: the server's messages for the date rules. */
export const REPORT_DATE_MESSAGES = {
  client_not_exists: (createdMdY: string) =>
    `The client did not exist before ${createdMdY}: choose a start date on or after it.`,
  start_before_end: 'The end date must not be before the start date.',
  client_too_new: 'This client is too new for a report: it needs at least 7 days of backups.',
  range_too_small: 'The period must be at least 7 days.',
  range_too_big: 'The period must be at most 92 days.',
  out_of_range: 'The end date must be before today.',
  bad_date: 'Enter dates as YYYY-MM-DD.',
} as const;
export type ReportDateError = keyof typeof REPORT_DATE_MESSAGES;

const ISO = /^\d{4}-\d{2}-\d{2}$/;

/** Epoch ms of a YYYY-MM-DD day at 00:00 UTC, or null when it is not a real day. */
export function dayMs(iso: string): number | null {
  if (!ISO.test(iso)) return null;
  const ms = Date.parse(`${iso}T00:00:00Z`);
  if (Number.isNaN(ms) || isoDay(ms) !== iso) return null;
  return ms;
}

/** The UTC day of an instant as YYYY-MM-DD. Reports use UTC days (docs/decisions.md). */
export const isoDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** MM/DD/YYYY, as the client_not_exists message shows a date (spec 5). */
export function mdy(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${m}/${d}/${y}`;
}

/** Days in [from, to], both ends counted. */
export const periodDays = (fromMs: number, toMs: number): number => Math.round((toMs - fromMs) / DAY_MS) + 1;

export interface DateRuleInput {
  from: string;
  to: string;
  /** When the client was created (epoch ms). */
  clientCreatedAt: number;
  /** The server's current instant (epoch ms). */
  now: number;
}

export interface DateRuleFailure {
  code: ReportDateError;
  message: string;
}

/** spec 5 'Report dates', in order; null when the period may be reported on. */
export function checkReportDates({ from, to, clientCreatedAt, now }: DateRuleInput): DateRuleFailure | null {
  const fail = (code: Exclude<ReportDateError, 'client_not_exists'>): DateRuleFailure => ({
    code,
    message: REPORT_DATE_MESSAGES[code],
  });
  const f = dayMs(from);
  const t = dayMs(to);
  if (f === null || t === null) return fail('bad_date');
  const created = isoDay(clientCreatedAt);
  const createdMs = dayMs(created) as number;
  const today = dayMs(isoDay(now)) as number;
  // Too new: from the creation day to today plus one day is under 7 days.
  if (periodDays(createdMs, today + DAY_MS) - 1 < REPORT_MIN_DAYS) return fail('client_too_new');
  if (f < createdMs)
    return { code: 'client_not_exists', message: REPORT_DATE_MESSAGES.client_not_exists(mdy(created)) };
  if (t < f) return fail('start_before_end');
  if (t >= today) return fail('out_of_range');
  const days = periodDays(f, t);
  if (days < REPORT_MIN_DAYS) return fail('range_too_small');
  if (days > REPORT_MAX_DAYS) return fail('range_too_big');
  return null;
}

export interface Period {
  from: string;
  to: string;
}

/**
 * spec 4: the period a scheduled report covers when it runs on `today` (YYYY-MM-DD): the previous
 * Monday-to-Sunday week, the previous calendar month, or the previous quarter.
 */
export function previousPeriod(frequency: ReportFrequency, today: string): Period {
  const t = dayMs(today);
  if (t === null) throw new Error(`Not a day: ${today}`);
  const d = new Date(t);
  if (frequency === 'weekly') {
    const sinceMonday = (d.getUTCDay() + 6) % 7;
    const thisMonday = t - sinceMonday * DAY_MS;
    return { from: isoDay(thisMonday - 7 * DAY_MS), to: isoDay(thisMonday - DAY_MS) };
  }
  const months = frequency === 'monthly' ? 1 : 3;
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  const currentStart = frequency === 'monthly' ? m : m - (m % 3);
  const start = Date.UTC(y, currentStart - months, 1);
  const end = Date.UTC(y, currentStart, 1) - DAY_MS;
  return { from: isoDay(start), to: isoDay(end) };
}

/**
 * When a scheduled report is next delivered after `now`: 00:00 UTC on the first day after a
 * period ends (a Monday, the first of a month, the first of a quarter).
 */
export function nextDeliveryAt(frequency: ReportFrequency, now: number): number {
  const d = new Date(now);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  if (frequency === 'weekly') {
    const today = Date.UTC(y, m, d.getUTCDate());
    const sinceMonday = (d.getUTCDay() + 6) % 7;
    return today + (7 - sinceMonday) * DAY_MS;
  }
  if (frequency === 'monthly') return Date.UTC(y, m + 1, 1);
  return Date.UTC(y, m - (m % 3) + 3, 1);
}

/** spec 5: summary and suggested-actions inputs strip line breaks. */
export const stripLineBreaks = (s: string): string => s.replace(/[\r\n]+/g, ' ');

/** A download's file name: the client and the period (spec 4 'Download'). */
export function reportFileName(clientName: string, from: string, to: string): string {
  const safe = clientName.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'client';
  return `Executive-summary-${safe}-${from}-to-${to}.pdf`;
}

/** The e-mail list's rule (spec 5): the first invalid entry named, or the limit. */
export function checkEmails(list: readonly string[]): string | null {
  if (list.length === 0) return 'Add at least one e-mail address.';
  if (list.length > REPORT_EMAIL_LIMIT)
    return `A schedule can be sent to at most ${REPORT_EMAIL_LIMIT} addresses: the limit is reached.`;
  const bad = list.find((e) => !REPORT_EMAIL_PATTERN.test(e));
  return bad === undefined ? null : `"${bad}" is not a valid e-mail address.`;
}

// Payloads and answers (spec 3, 7).

const text = (max: number) => z.string().max(max);
const day = z.string().max(10);
const optionalText = z
  .string()
  .max(4000)
  .optional()
  .transform((s) => (s === undefined ? undefined : stripLineBreaks(s)));

/** An internet speed in Mbit/s, or `empty` when the field is absent or blank. */
const speed = <E>(empty: E) =>
  z
    .string()
    .max(6)
    .optional()
    .transform((s, ctx): number | E => {
      if (s === undefined || s === '') return empty;
      const n = Number(s);
      if (!Number.isInteger(n) || n < 1 || n > 100_000) {
        ctx.addIssue({ code: 'custom', message: 'Choose an internet speed in Mbit/s.' });
        return z.NEVER;
      }
      return n;
    });
const bandwidth = speed(DEFAULT_BANDWIDTH);

/** spec 3 'Report generation payload' (form data). */
export const generateReportBody = z.object({
  client_id: text(32),
  from_date: day,
  to_date: day,
  level: z.enum(REPORT_LEVELS, { message: 'Choose a level of detail: summary or detailed.' }),
  bandwidth_estimate: bandwidth,
  summary_overview: optionalText,
  suggested_actions: optionalText,
});
export type GenerateReportBody = z.input<typeof generateReportBody>;

/**
 * Generate a report again, in place: Update sends the preview's edited texts and speed, Try again
 * sends nothing and keeps them (docs/decisions.md, 'Reports generated again in place').
 */
export const regenerateReportBody = generateReportBody
  .pick({ summary_overview: true, suggested_actions: true })
  .extend({ bandwidth_estimate: speed(undefined) });

export const generateReportAnswer = z.object({ report_id: z.number().int() });

export const REPORT_STATUSES = ['PENDING', 'RUNNING', 'COMPLETED', 'FAILED', 'CANCELLED'] as const;
export const reportStatusAnswer = z.object({
  status: z.enum(REPORT_STATUSES),
  progress: z.number().int(),
  /** The cannot-load message when FAILED (spec 8). */
  message: z.string().nullable(),
});
export type ReportStatusAnswer = z.infer<typeof reportStatusAnswer>;

export const reportContentAnswer = z.object({ data: z.string() });

export const entitiesListAnswer = z.object({
  entities_list: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export const dateCreatedAnswer = z.object({ date_created: z.number().int() });

/** spec 3 'Schedule definition' (form data; report_params is JSON text). */
export const reportParams = z.object({
  level: z.enum(REPORT_LEVELS),
  // Decimal digits only: z.coerce read "0x10" as client 16.
  client_id: jsonWhole(1, Number.MAX_SAFE_INTEGER, 'Choose a client.'),
  bandwidth_estimate: jsonWhole(1, 100_000, 'Choose an internet speed in Mbit/s.').default(DEFAULT_BANDWIDTH),
  summary_overview: text(4000).optional(),
  suggested_actions: text(4000).optional(),
});
export type ReportParams = z.infer<typeof reportParams>;

export const saveReportDefinitionBody = z.object({
  /** Present when editing a saved schedule. */
  id: text(32).optional(),
  name: text(200).min(1, 'Name the schedule.'),
  delivery_type: z.enum(['email'], { message: 'Reports are delivered by e-mail.' }),
  /** Addresses separated by commas (a form field). */
  email_address: text(4000),
  active: z.enum(['0', '1']).default('1'),
  type: z.enum(REPORT_FREQUENCIES, { message: 'Choose weekly, monthly or quarterly.' }),
  report_params: text(8000),
});
export const saveReportDefinitionAnswer = z.object({
  is_error: z.boolean(),
  errors: z.record(z.string(), z.string()).optional(),
  id: z.number().int().optional(),
});

export const reportDefinitionRow = z.object({
  id: z.number().int(),
  name: z.string(),
  client_id: z.number().int(),
  client_name: z.string(),
  type: z.enum(REPORT_FREQUENCIES),
  level: z.enum(REPORT_LEVELS),
  bandwidth_estimate: z.number().int(),
  /** Kept so that an edit or a pause sends the texts back unchanged. */
  summary_overview: z.string().optional(),
  suggested_actions: z.string().optional(),
  email_address: z.array(z.string()),
  active: z.boolean(),
  next_run_at: z.number().nullable(),
});
export type ReportDefinitionRow = z.infer<typeof reportDefinitionRow>;

/** The edit dialog's fields: how often and to whom a saved schedule is sent. */
export const editScheduleForm = z
  .object({ type: z.enum(REPORT_FREQUENCIES), emails: z.array(z.string().trim()) })
  .superRefine((v, ctx) => {
    const error = checkEmails(v.emails);
    if (error) ctx.addIssue({ code: 'custom', path: ['emails'], message: error });
  });
export const reportDefinitionsAnswer = z.object({ definitions: z.array(reportDefinitionRow) });

export const reportHistoryRow = z.object({
  id: z.number().int(),
  client_name: z.string(),
  from_date: z.string(),
  to_date: z.string(),
  created_at: z.number(),
  created_by: z.string().nullable(),
  sent_to: z.array(z.string()),
  status: z.enum(REPORT_STATUSES),
  /** Why it failed, a sentence, when FAILED. */
  message: z.string().nullable(),
});
export const reportHistoryAnswer = z.object({ reports: z.array(reportHistoryRow) });
export const reportOkAnswer = z.object({ ok: z.boolean() });
