import { z } from 'zod';
import { alertRouting, DEFAULT_ALERT_ROUTING } from './alert-routing';
import { emailRule } from './fields';

// Alerts (issue 27 points 1-2): one alert per condition per subject. It opens once, counts the
// evaluations that saw it while the condition holds, resolves by itself when the condition
// clears, and reopens (the same alert) when the condition returns within the grace period.
// The rules here are pure: the server's evaluation applies them on the injected clock.

export const ALERT_CONDITIONS = [
  'backup_failed',
  'no_restore_point',
  'appliance_offline',
  'autoverify_failed',
  'storage_over_threshold',
  'office_overrunning',
  'export_unused',
  'failover_approval_waiting',
] as const;
export type AlertCondition = (typeof ALERT_CONDITIONS)[number];

export const ALERT_SEVERITIES = ['critical', 'warning', 'info'] as const;
export type AlertSeverity = (typeof ALERT_SEVERITIES)[number];

/**
 * What an alert is about: a protected system, an appliance, a reseller (its cloud storage quota),
 * a reseller's private vault, a virtual office or a failover waiting for approval (both rows of
 * failovers), an FTPS export.
 */
export const ALERT_SUBJECT_TYPES = [
  'system',
  'appliance',
  'reseller',
  'vault',
  'failover',
  'ftps_export',
] as const;
export type AlertSubjectType = (typeof ALERT_SUBJECT_TYPES)[number];

/**
 * What each condition is about (storage: an appliance's own disks, a reseller's cloud quota, or a
 * reseller's private vault).
 */
export const CONDITION_SUBJECT: Record<AlertCondition, readonly AlertSubjectType[]> = {
  backup_failed: ['system'],
  no_restore_point: ['system'],
  appliance_offline: ['appliance'],
  autoverify_failed: ['system'],
  storage_over_threshold: ['appliance', 'reseller', 'vault'],
  office_overrunning: ['failover'],
  export_unused: ['ftps_export'],
  failover_approval_waiting: ['failover'],
};

/**
 * Where a person acts on an alert's subject (the Alerts page's link, the e-mail's and the
 * webhook's): a system's device page, an appliance's page, a reseller's dashboard (its cloud
 * storage item), a private vault's page (its capacity), a client's virtual office section (its running offices and the approvals
 * waiting), a client's page (its FTPS exports list).
 */
export function alertSubjectPath(a: {
  subject_type: string;
  subject_id: number;
  client_id: number;
  reseller_id: number;
}): string {
  switch (a.subject_type) {
    case 'appliance':
      return `/appliance/details/${a.subject_id}`;
    case 'reseller':
      return `/reseller/details/${a.subject_id}`;
    case 'vault':
      return `/vault/details/${a.subject_id}`;
    case 'failover':
      return `/client/details/${a.client_id}/1`;
    case 'ftps_export':
      return `/client/details/${a.client_id}`;
    default:
      return `/device/details/${a.subject_id}`;
  }
}

/** An FTPS export nobody has logged in to is alerted this long before it expires. */
export const EXPORT_UNUSED_WARN_MS = 24 * 3_600_000;

/** The storage levels a rule may alert from (the spec's cloud storage thresholds, section 9). */
export const STORAGE_ALERT_PERCENTS = [70, 90, 100] as const;
export const OFFICE_HOURS_MIN = 1;
export const OFFICE_HOURS_MAX = 30 * 24;

/** A cleared condition that returns within this time reopens its alert instead of a new one. */
export const ALERT_REOPEN_GRACE_MS = 60 * 60_000;

/** Bounds of a rule's N (failures in a row) and M (minutes offline). */
export const FAILURES_IN_A_ROW_MAX = 10;
export const OFFLINE_MINUTES_MIN = 5;
export const ALERT_RECIPIENTS_MAX = 20;
export const OFFLINE_MINUTES_MAX = 7 * 24 * 60;

export const conditionRule = z.object({
  enabled: z.boolean(),
  severity: z.enum(ALERT_SEVERITIES),
});
export type ConditionRule = z.infer<typeof conditionRule>;

/** The conditions added after rules were first stored, with their defaults. */
const NEW_CONDITION_DEFAULTS = {
  storage_over_threshold: { enabled: true, severity: 'warning' },
  office_overrunning: { enabled: true, severity: 'warning' },
  export_unused: { enabled: true, severity: 'info' },
  // A production failover means a client is down: the approver is wanted now.
  failover_approval_waiting: { enabled: true, severity: 'critical' },
} as const satisfies Record<string, ConditionRule>;

/**
 * A reseller's rule (the default of its clients) or a client's own: every condition on or off
 * with its severity, N failures in a row, M minutes offline, and the powered-off suppression.
 */
export const alertRule = z.object({
  conditions: z.object({
    backup_failed: conditionRule,
    no_restore_point: conditionRule,
    appliance_offline: conditionRule,
    autoverify_failed: conditionRule,
    // Added later: a rule stored before them reads with their defaults (NEW_CONDITION_DEFAULTS).
    storage_over_threshold: conditionRule.default(() => ({
      ...NEW_CONDITION_DEFAULTS.storage_over_threshold,
    })),
    office_overrunning: conditionRule.default(() => ({ ...NEW_CONDITION_DEFAULTS.office_overrunning })),
    export_unused: conditionRule.default(() => ({ ...NEW_CONDITION_DEFAULTS.export_unused })),
    failover_approval_waiting: conditionRule.default(() => ({
      ...NEW_CONDITION_DEFAULTS.failover_approval_waiting,
    })),
  }),
  failures_in_a_row: z
    .number({ message: 'Enter a number of failures.' })
    .int('Enter a whole number of failures.')
    .min(1, 'Enter at least 1 failure.')
    .max(FAILURES_IN_A_ROW_MAX, `Enter at most ${FAILURES_IN_A_ROW_MAX} failures.`),
  offline_minutes: z
    .number({ message: 'Enter a number of minutes.' })
    .int('Enter a whole number of minutes.')
    .min(OFFLINE_MINUTES_MIN, `Enter at least ${OFFLINE_MINUTES_MIN} minutes.`)
    .max(OFFLINE_MINUTES_MAX, `Enter at most ${OFFLINE_MINUTES_MAX} minutes (a week).`),
  /** storage_over_threshold: the percent used from which it holds (70, 90 or 100). */
  storage_percent: z
    .literal(STORAGE_ALERT_PERCENTS, { message: `Choose ${STORAGE_ALERT_PERCENTS.join(', ')} percent.` })
    .default(90),
  /** office_overrunning: hours an office may run when it has no planned stop of its own. */
  office_hours: z
    .number({ message: 'Enter a number of hours.' })
    .int('Enter a whole number of hours.')
    .min(OFFICE_HOURS_MIN, `Enter at least ${OFFICE_HOURS_MIN} hour.`)
    .max(OFFICE_HOURS_MAX, `Enter at most ${OFFICE_HOURS_MAX} hours (30 days).`)
    .default(24),
  /** no_restore_point: a workstation that is merely switched off (missed, nothing failed) is quiet. */
  suppress_powered_off: z.boolean(),
  /** Who is told by e-mail of each alert's opening and resolution. */
  recipients: z
    .array(emailRule(true))
    .max(ALERT_RECIPIENTS_MAX, `Enter at most ${ALERT_RECIPIENTS_MAX} recipients.`),
  /** How they are told (alert-routing.ts); a rule stored before routing existed reads the default. */
  routing: alertRouting.default(DEFAULT_ALERT_ROUTING),
});
export type AlertRule = z.infer<typeof alertRule>;

/** A rule as answered: checked when it was saved, so its addresses are plain strings here. */
export const alertRuleAnswered = alertRule.extend({
  recipients: z.array(z.string().max(254)).max(ALERT_RECIPIENTS_MAX),
});

/** The rule of a reseller that has written none (issue 27: "N per rule, default 2"). */
export const DEFAULT_ALERT_RULE: AlertRule = {
  conditions: {
    backup_failed: { enabled: true, severity: 'critical' },
    no_restore_point: { enabled: true, severity: 'warning' },
    appliance_offline: { enabled: true, severity: 'critical' },
    autoverify_failed: { enabled: true, severity: 'warning' },
    ...NEW_CONDITION_DEFAULTS,
  },
  failures_in_a_row: 2,
  offline_minutes: 30,
  storage_percent: 90,
  office_hours: 24,
  suppress_powered_off: true,
  recipients: [],
  routing: DEFAULT_ALERT_ROUTING,
};

/** The state of an existing alert that its next step depends on. */
export interface AlertState {
  /** null while open. */
  resolvedAt: number | null;
  lastSeenAt: number;
}

export type AlertStep = 'open' | 'update' | 'reopen' | 'resolve' | 'none';

/**
 * What an evaluation at `now` does to the alert of one condition and subject. `existing` is the
 * subject's newest alert of the condition (null: none yet); `holds` whether the condition holds.
 * An evaluation that already saw the alert at `now` changes nothing (a second instance, a re-run).
 */
export function alertStep(
  existing: AlertState | null,
  holds: boolean,
  now: number,
  graceMs = ALERT_REOPEN_GRACE_MS,
): AlertStep {
  if (!existing) return holds ? 'open' : 'none';
  if (existing.resolvedAt === null) {
    if (!holds) return existing.lastSeenAt < now ? 'resolve' : 'none';
    return existing.lastSeenAt < now ? 'update' : 'none';
  }
  if (!holds) return 'none';
  return now - existing.resolvedAt <= graceMs ? 'reopen' : 'open';
}

/** Failures in a row, from the newest backup run backwards: any other outcome ends the streak. */
export function failureStreak(statusesNewestFirst: readonly string[]): number {
  let n = 0;
  for (const s of statusesNewestFirst) {
    if (s !== 'FAILED') break;
    n++;
  }
  return n;
}

/**
 * A workstation that is merely switched off: its newest run was missed (no contact) and it has
 * not failed. Its stale restore point is suppressed when the rule says so.
 */
export function isPoweredOff(deviceType: string, lastJobStatus: string | null): boolean {
  return deviceType === 'workstation' && lastJobStatus === 'MISSED';
}

/** The condition in a technician's words, as the e-mail subject and the alerts page say it. */
export function conditionSummary(condition: AlertCondition, rule: AlertRule): string {
  switch (condition) {
    case 'backup_failed':
      return `backup failed ${rule.failures_in_a_row} times in a row`;
    case 'no_restore_point':
      return 'no restore point within its threshold';
    case 'appliance_offline':
      return `appliance offline for more than ${rule.offline_minutes} minutes`;
    case 'autoverify_failed':
      return 'AutoVerify or repository check failed';
    case 'storage_over_threshold':
      return `storage over ${rule.storage_percent}% used`;
    case 'office_overrunning':
      return 'virtual office running longer than planned';
    case 'export_unused':
      return 'FTPS export about to expire unused';
    case 'failover_approval_waiting':
      return 'production failover waiting for approval';
  }
}

/** What the timeline says when a condition cleared (the resolution, in a technician's words). */
export const CONDITION_CLEARED: Record<AlertCondition, string> = {
  backup_failed: 'A backup succeeded.',
  no_restore_point: 'A recent restore point arrived, or the threshold no longer applies.',
  appliance_offline: 'The appliance is back online.',
  autoverify_failed: 'AutoVerify or the repository check passed again.',
  storage_over_threshold: 'Storage use is back under the threshold.',
  office_overrunning: 'The virtual office stopped.',
  export_unused: 'Someone logged in to the export, or it ended.',
  failover_approval_waiting: 'The failover was approved, refused, withdrawn, or its approval window ended.',
};

/** The word a technician filters on, per severity (the dashboard's health words where they fit). */
export const SEVERITY_WORD: Record<AlertSeverity, string> = {
  critical: 'Troubled',
  warning: 'Warned',
  info: 'Notice',
};

export type AlertTransition = 'opened' | 'reopened' | 'resolved';

/** What an alert e-mail tells: a transition, or a reminder of an open alert nobody has acknowledged. */
export type AlertMailKind = AlertTransition | 'reminded';

/**
 * The subject of an alert e-mail, plain so that a mail rule can filter on it:
 * "[Lifeboat] Troubled: SRV01 (Acme Dental) backup failed 2 times in a row".
 */
export function alertMailSubject(m: {
  transition: AlertMailKind;
  severity: string;
  subjectName: string;
  clientName: string;
  summary: string;
}): string {
  const severity = SEVERITY_WORD[m.severity as AlertSeverity] ?? 'Notice';
  // A reminder keeps the severity's word first, so the technician's mail rules still catch it.
  const word =
    m.transition === 'resolved'
      ? 'Resolved'
      : m.transition === 'reminded'
        ? `${severity} (reminder)`
        : severity;
  return `[Lifeboat] ${word}: ${m.subjectName} (${m.clientName}) ${m.summary}`;
}

// The answers and bodies of the alert rule calls (calls/alerts.ts: a calls file holds calls only,
// the web build serves it as a table of calls).

export const alertRuleAnswer = z.object({
  level: z.enum(['reseller', 'client']),
  id: z.number().int(),
  name: z.string(),
  rule: alertRuleAnswered,
  /** Where the rule comes from: this level's own, the reseller's (for a client), or the default. */
  source: z.enum(['own', 'reseller', 'default']),
  can_edit: z.boolean(),
  /** Addresses the form offers: the users of this level (a client's own users for a client). */
  recipient_choices: z.array(z.object({ name: z.string(), email: z.string() })),
  /** Endpoints a rule of this level may choose: the reseller's own, and a client's own. */
  webhook_choices: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type AlertRuleAnswer = z.infer<typeof alertRuleAnswer>;

/** A rule to save, or null to drop this level's own (a client inherits its reseller's again). */
export const saveAlertRuleBody = z.object({ rule: alertRule.nullable() });
export type SaveAlertRuleBody = z.infer<typeof saveAlertRuleBody>;
