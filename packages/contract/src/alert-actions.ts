import { z } from 'zod';
import {
  ALERT_CONDITIONS,
  ALERT_SEVERITIES,
  ALERT_SUBJECT_TYPES,
  type AlertCondition,
  type AlertSeverity,
} from './alerts';
import { idParam } from './call';
import { LIST_PAGE_SIZES, listPage, listRows, tableAnswer } from './lists';

// The people's side of alerts (issue 27 points 2 and 5): the Alerts page and its filters, an
// alert's timeline, acknowledging, snoozes and maintenance windows, and the fleet home of the
// provider's staff and distributors. The calls are in calls/alert-actions.ts.

/** An alert's state on the page: open, open and acknowledged by someone, or resolved. */
export const ALERT_STATES = ['open', 'acknowledged', 'resolved'] as const;
export type AlertPageState = (typeof ALERT_STATES)[number];

/** The page's state filter: 'active' (open or acknowledged, the default) and 'all' besides the states. */
export const ALERT_STATE_FILTERS = ['active', ...ALERT_STATES, 'all'] as const;
export type AlertStateFilter = (typeof ALERT_STATE_FILTERS)[number];

export const CONDITION_LABEL: Record<AlertCondition, string> = {
  backup_failed: 'Backups failing',
  no_restore_point: 'No recent restore point',
  appliance_offline: 'Appliance offline',
  autoverify_failed: 'AutoVerify failed',
  storage_over_threshold: 'Storage nearly full',
  office_overrunning: 'Virtual office running late',
  export_unused: 'FTPS export expiring unused',
  failover_approval_waiting: 'Failover waiting for approval',
};

/**
 * Each condition in a sentence, for the rule form and the Alerts page's filter help: what makes
 * it hold, in the words of the page where a person acts on it.
 */
export const CONDITION_DESCRIPTION: Record<AlertCondition, string> = {
  backup_failed: "A system's backups failed several times in a row.",
  no_restore_point: 'A system has no restore point within its threshold.',
  appliance_offline: 'An appliance has been offline for longer than the rule allows.',
  autoverify_failed: "A system's newest AutoVerify result or repository check failed.",
  storage_over_threshold:
    "An appliance's storage, or the reseller's cloud storage quota, is used beyond the rule's percent.",
  office_overrunning:
    "A virtual office is still running after its planned stop, or longer than the rule's hours when it has none.",
  export_unused: 'An FTPS export expires within a day and nobody has logged in to it yet.',
  failover_approval_waiting:
    'A production failover was requested and waits for a second person to approve it.',
};

export const SEVERITY_LABEL: Record<AlertSeverity, string> = {
  critical: 'Critical',
  warning: 'Warning',
  info: 'Information',
};

export const STATE_LABEL: Record<AlertStateFilter, string> = {
  active: 'Open or acknowledged',
  open: 'Open',
  acknowledged: 'Acknowledged',
  resolved: 'Resolved',
  all: 'Every state',
};

const filterEnum = <const T extends readonly [string, ...string[]]>(values: T, what: string) =>
  z
    .enum(values, { message: `Choose ${what}: ${values.join(', ')}.` })
    .optional()
    .or(z.literal('').transform(() => undefined));

/** The Alerts page's request: a page, and the client, system, condition, severity and state filters. */
export const alertListQuery = z.object({
  page: listPage.optional(),
  rows: listRows(LIST_PAGE_SIZES).optional(),
  client_id: idParam.optional(),
  system_id: idParam.optional(),
  condition: filterEnum(ALERT_CONDITIONS, 'a condition'),
  severity: filterEnum(ALERT_SEVERITIES, 'a severity'),
  state: filterEnum(ALERT_STATE_FILTERS, 'a state'),
});
export type AlertListQuery = z.input<typeof alertListQuery>;

export const alertRow = z.object({
  id: z.number().int(),
  condition: z.enum(ALERT_CONDITIONS),
  severity: z.enum(ALERT_SEVERITIES),
  state: z.enum(ALERT_STATES),
  subject_type: z.enum(ALERT_SUBJECT_TYPES),
  subject_id: z.number().int(),
  subject_name: z.string(),
  /** The client the subject belongs to; a reseller's own subject (its cloud storage) names the reseller. */
  client_id: z.number().int(),
  client_name: z.string(),
  reseller_id: z.number().int(),
  summary: z.string(),
  opened_at: z.number().int(),
  last_seen_at: z.number().int(),
  /** Evaluations that saw the condition since it opened. */
  count: z.number().int(),
  resolved_at: z.number().int().nullable(),
  acknowledged_at: z.number().int().nullable(),
  acknowledged_by: z.string().nullable(),
});
export type AlertRow = z.infer<typeof alertRow>;

export const alertListAnswer = tableAnswer(alertRow);
export type AlertListAnswer = z.infer<typeof alertListAnswer>;

/** Why an event told nobody: a snooze or maintenance window of the alert's target held. */
export const quietReason = z.object({
  kind: z.enum(['snooze', 'maintenance']),
  target_name: z.string(),
  until: z.number().int(),
});
export type QuietReason = z.infer<typeof quietReason>;

export const alertEvent = z.object({
  at: z.number().int(),
  /** reminded: e-mailed again while open and not acknowledged (the rule's remind_hours). */
  kind: z.enum(['opened', 'reopened', 'resolved', 'acknowledged', 'reminded']),
  /** Who made it (an acknowledgement); null for the console's evaluation. */
  by: z.string().nullable(),
  note: z.string().nullable(),
  /** Set when a snooze or maintenance window kept the event from telling anyone. */
  quiet: quietReason.nullable(),
  /** The e-mails of the event: to whom, and whether they went out. */
  mails: z.array(
    z.object({
      to: z.array(z.string()),
      /** held: waiting for its digest (hourly, daily, or the end of quiet hours). */
      status: z.enum(['queued', 'sending', 'sent', 'failed', 'held']),
      sent_at: z.number().int().nullable(),
    }),
  ),
});
export type AlertEvent = z.infer<typeof alertEvent>;

export const alertTimelineAnswer = z.object({
  alert: alertRow,
  events: z.array(alertEvent),
  /** Whether the viewer may acknowledge it. */
  can_acknowledge: z.boolean(),
});
export type AlertTimelineAnswer = z.infer<typeof alertTimelineAnswer>;

export const ALERT_NOTE_MAX = 500;
export const acknowledgeBody = z.object({
  note: z.string().trim().max(ALERT_NOTE_MAX, `Write at most ${ALERT_NOTE_MAX} characters.`).optional(),
});
export type AcknowledgeBody = z.input<typeof acknowledgeBody>;

export const SNOOZE_KINDS = ['snooze', 'maintenance'] as const;
export type SnoozeKind = (typeof SNOOZE_KINDS)[number];
export const SNOOZE_TARGETS = ['reseller', 'client', 'system', 'appliance'] as const;
export type SnoozeTarget = (typeof SNOOZE_TARGETS)[number];
/** Nobody is silenced for longer than this: a forgotten snooze must not hide alerts for ever. */
export const SNOOZE_MAX_DAYS = 30;
export const SNOOZE_MAX_MS = SNOOZE_MAX_DAYS * 24 * 3_600_000;
export const SNOOZE_REASON_MAX = 200;

const when = (what: string) =>
  z
    .number({ message: `Choose when the ${what}.` })
    .int(`Choose when the ${what}.`)
    .min(0, `Choose when the ${what}.`);

/**
 * A snooze (from now until ends_at) or a maintenance window (starts_at to ends_at) of exactly one
 * target: a system, an appliance, a client or a reseller.
 */
export const createSnoozeBody = z.object({
  system_id: idParam.optional(),
  appliance_id: idParam.optional(),
  client_id: idParam.optional(),
  reseller_id: idParam.optional(),
  kind: z.enum(SNOOZE_KINDS, { message: 'Choose a snooze or a maintenance window.' }),
  /** Maintenance only; a snooze starts now. */
  starts_at: when('window starts').optional(),
  ends_at: when('silence ends'),
  reason: z
    .string({ message: 'Say why, for the others who will see it.' })
    .trim()
    .min(1, 'Say why, for the others who will see it.')
    .max(SNOOZE_REASON_MAX, `Write at most ${SNOOZE_REASON_MAX} characters.`),
});
export type CreateSnoozeBody = z.input<typeof createSnoozeBody>;

export const snoozeRow = z.object({
  id: z.number().int(),
  kind: z.enum(SNOOZE_KINDS),
  target_type: z.enum(SNOOZE_TARGETS),
  target_id: z.number().int(),
  target_name: z.string(),
  starts_at: z.number().int(),
  ends_at: z.number().int(),
  reason: z.string(),
  created_by: z.string(),
  created_at: z.number().int(),
  /** Holding now (not only coming). */
  active: z.boolean(),
});
export type SnoozeRow = z.infer<typeof snoozeRow>;

export const snoozeListQuery = z.object({
  page: listPage.optional(),
  rows: listRows(LIST_PAGE_SIZES).optional(),
});
export const snoozeListAnswer = tableAnswer(snoozeRow);
export type SnoozeListAnswer = z.infer<typeof snoozeListAnswer>;

/** The fleet home's ranking of resellers (the provider's staff and distributors). */
export const fleetResellersQuery = z.object({
  page: listPage.optional(),
  rows: listRows(LIST_PAGE_SIZES).optional(),
});
export const fleetResellerRow = z.object({
  reseller_id: z.number().int(),
  name: z.string(),
  open_alerts: z.number().int(),
  critical_alerts: z.number().int(),
  /** Systems whose health is troubled (the dashboard's rollup). */
  failing_systems: z.number().int(),
  systems: z.number().int(),
});
export type FleetResellerRow = z.infer<typeof fleetResellerRow>;
export const fleetResellersAnswer = tableAnswer(fleetResellerRow);
export type FleetResellersAnswer = z.infer<typeof fleetResellersAnswer>;

/** An alert's state from its columns. */
export function alertStateOf(a: {
  resolved_at: number | null;
  acknowledged_at: number | null;
}): AlertPageState {
  if (a.resolved_at !== null) return 'resolved';
  return a.acknowledged_at !== null ? 'acknowledged' : 'open';
}
