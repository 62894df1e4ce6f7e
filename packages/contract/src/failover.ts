import { z } from 'zod';
import { jsonWhole } from './call';
import { listPage, listRows } from './lists';

// The cloud virtual office (issue 16; spec: recovery-flow 3 'Failover setup', 'Runbook'; 4
// 'Failover', 'Auto-stop'; 5; 7 'Virtual machine and failover', 'Runbooks'; 8; 9;
// inventory-reports-exports-security 5 and 8 'Auto-stop'). A failover boots a client's systems
// as a virtual office, as a test (isolated) or for production; a runbook is a saved plan of one.
// Calls not in the spec and the approval of production failovers: docs/decisions.md 'Issue 16'.

// ---------------------------------------------------------------------------------------------
// Auto-stop (inventory-reports-exports-security 5 and 8; recovery-flow 4 'Auto-stop')

export const AUTO_STOP_MIN_MINUTES = 60;
/** One year (inventory-reports-exports-security 9: auto-stop maximum 525600 minutes). */
export const AUTO_STOP_MAX_MINUTES = 525_600;

export const autoStopMessages = {
  oneHour: 'The auto-stop time must be at least one hour in the future.',
  past: 'The auto-stop time must be a future date.',
  maximum: 'The auto-stop time exceeds the maximum of one year (525,600 minutes) ahead.',
} as const;

/** Why `minutes` from now is no valid auto-stop (null when it is): the server's check. */
export function autoStopMinutesError(minutes: number): string | null {
  if (!Number.isFinite(minutes) || minutes <= 0) return autoStopMessages.past;
  if (minutes < AUTO_STOP_MIN_MINUTES) return autoStopMessages.oneHour;
  if (minutes > AUTO_STOP_MAX_MINUTES) return autoStopMessages.maximum;
  return null;
}

/** Why a chosen date and time is no valid auto-stop (null when it is): the wizard's check. */
export function autoStopAtError(stopAtMs: number, nowMs: number): string | null {
  const ms = stopAtMs - nowMs;
  if (!Number.isFinite(ms) || ms <= 0) return autoStopMessages.past;
  if (ms < AUTO_STOP_MIN_MINUTES * 60_000) return autoStopMessages.oneHour;
  if (ms > AUTO_STOP_MAX_MINUTES * 60_000) return autoStopMessages.maximum;
  return null;
}

/** The minutes sent as stop_after_minutes / autostop_after_minutes for a valid date and time. */
export const autoStopMinutesUntil = (stopAtMs: number, nowMs: number): number =>
  Math.round((stopAtMs - nowMs) / 60_000);

/** The minutes field of a start: absent or 0 is none (spec 4: option 0), else the rule. */
export const autoStopMinutes = jsonWhole(
  0,
  10_000_000,
  'The auto-stop must be a number of minutes.',
).superRefine((v, ctx) => {
  const error = v === 0 ? null : autoStopMinutesError(v);
  if (error) ctx.addIssue({ code: 'custom', message: error });
});

// ---------------------------------------------------------------------------------------------
// Phases (recovery-flow 4 'Failover')

/**
 * The phases failover_status answers. The spec's four (new, started, finished, failed) plus the
 * approval of a production failover (awaiting_approval, refused, expired); the wizard treats any
 * phase it does not know as an error with the answer's message.
 */
export const FAILOVER_PHASES = [
  'awaiting_approval',
  'new',
  'started',
  'finished',
  'failed',
  'refused',
  'expired',
] as const;
export type FailoverPhase = (typeof FAILOVER_PHASES)[number];

/** Phases that end a failover: nothing moves it on. */
export const FINAL_PHASES: readonly FailoverPhase[] = ['finished', 'failed', 'refused', 'expired'];

/** A running (or starting) office: a client has at most one at a time (showVOExist). */
export const ACTIVE_PHASES: readonly FailoverPhase[] = ['awaiting_approval', 'new', 'started'];

const NEXT: Record<FailoverPhase, readonly FailoverPhase[]> = {
  awaiting_approval: ['new', 'refused', 'expired'],
  new: ['started', 'failed'],
  started: ['finished', 'failed'],
  finished: [],
  failed: [],
  refused: [],
  expired: [],
};

/** Whether a failover may move from one phase to another (the server refuses other moves). */
export const canMovePhase = (from: FailoverPhase, to: FailoverPhase): boolean => NEXT[from].includes(to);

/** runbook_failover_status: a runbook's latest office, polled until vo_created or vo_error. */
export const RUNBOOK_STATUSES = [
  'none',
  'awaiting_approval',
  'vo_creating',
  'vo_created',
  'vo_error',
] as const;
export type RunbookStatus = (typeof RUNBOOK_STATUSES)[number];

/** The runbook status of a failover phase (the office a runbook started). */
export function runbookStatusOf(phase: FailoverPhase | null): RunbookStatus {
  switch (phase) {
    case null:
      return 'none';
    case 'awaiting_approval':
      return 'awaiting_approval';
    case 'new':
      return 'vo_creating';
    case 'started':
    case 'finished':
      return 'vo_created';
    default:
      return 'vo_error';
  }
}

// ---------------------------------------------------------------------------------------------
// Approval of production failover (issue 16.4)

/** A production failover waits this long for a second person's approval, then expires. */
export const APPROVAL_WINDOW_MINUTES = 30;

// ---------------------------------------------------------------------------------------------
// Setup and start (recovery-flow 3 'Failover setup'; 7 create_failover)

export const FAILOVER_TYPES = ['test', 'production'] as const;
export const VO_TYPES = ['cloud', 'appliance'] as const;
export type VoType = (typeof VO_TYPES)[number];

/** The office's network services a failover may switch on (selected_services). */
export const FAILOVER_SERVICES = ['vpn', 'site_to_site', 'port_forwarding', 'dhcp'] as const;
export const FAILOVER_SERVICE_LABELS: Record<(typeof FAILOVER_SERVICES)[number], string> = {
  vpn: 'Client VPN for remote users',
  site_to_site: 'Site-to-site VPN to the office network',
  port_forwarding: 'Port forwarding to published services',
  dhcp: 'DHCP and DNS inside the office',
};

export const IPV4 = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/;
export const ipv4 = (message: string) => z.string().trim().regex(IPV4, message);
export const NETMASK =
  /^(255\.){3}(255|254|252|248|240|224|192|128|0)$|^(255\.){2}(254|252|248|240|224|192|128|0)\.0$|^255\.(254|252|248|240|224|192|128|0)\.0\.0$/;

const setupDevice = z.object({
  id: z.number().int(),
  name: z.string(),
  os_type: z.string(),
  /** appliance: backed up through an appliance; d2c: direct to cloud; vault_only: only in a vault. */
  kind: z.enum(['appliance', 'd2c', 'vault_only']),
  appliance_id: z.number().int().nullable(),
  appliance_name: z.string().nullable(),
  /** The restore point it would boot from (ms), null when it has none. */
  restore_point_at: z.number().nullable(),
  /** Chosen by default: the device the wizard came from, or every startable one. */
  selected: z.boolean(),
  /** Why it cannot start (no restore point, not virtualizable), or null. */
  unavailable: z.string().nullable(),
});

/** GET load_brc_failover_setup / load_rb_failover_setup: recovery-flow 3 'Failover setup'. */
export const failoverSetupAnswer = z.object({
  client_id: z.number().int(),
  client_name: z.string(),
  apps: z.array(z.object({ id: z.number().int(), name: z.string(), devices_count: z.number().int() })),
  d2c_count: z.number().int(),
  vault_only_count: z.number().int(),
  devices: z.array(setupDevice),
  services: z.array(z.object({ id: z.enum(FAILOVER_SERVICES), label: z.string() })),
  gateway: z.string(),
  netmask: z.string(),
  /** A production failover of this client waits for a second person's approval. */
  approval_required: z.boolean(),
  /** The running office, when there is one (showVOExist). */
  existing_failover_id: z.number().int().nullable(),
});
export type FailoverSetupAnswer = z.infer<typeof failoverSetupAnswer>;

const idList = z.array(jsonWhole(1, 1e15, 'This must be an id.')).max(500);

/** POST /cloud_ajax/create_failover (JSON): recovery-flow 7, with its text inputs. */
export const createFailoverBody = z.object({
  client_id: jsonWhole(1, 1e15, 'This must be a client id.'),
  app_ids: idList,
  d2c_selected: z.boolean(),
  vault_only_selected: z.boolean(),
  /** The systems chosen to start (setVirtualizationFailover); empty: every startable one. */
  system_ids: idList.optional(),
  virtualization_type: z.enum(VO_TYPES),
  type: z.enum(FAILOVER_TYPES),
  selected_services: z.array(z.enum(FAILOVER_SERVICES)).max(FAILOVER_SERVICES.length),
  stop_after_minutes: autoStopMinutes.optional(),
  // The text inputs of createFailover.
  gateway: ipv4('Enter the gateway as an IPv4 address, such as 10.0.0.1.'),
  netmask: z.string().trim().regex(NETMASK, 'Enter the netmask, such as 255.255.255.0.'),
  dns_server: ipv4('Enter the DNS server as an IPv4 address.').or(z.literal('')).optional(),
  reason: z.string().trim().max(500, 'The reason can be at most 500 characters.').optional(),
});
export type CreateFailoverBody = z.input<typeof createFailoverBody>;

/** create_failover -> is_error, errors, failover_id (recovery-flow 7). */
export const createFailoverAnswer = z.object({
  is_error: z.boolean(),
  /** Field -> sentence (a text input) or '' -> sentence for the whole request. */
  errors: z.record(z.string(), z.string()),
  failover_id: z.number().int().nullable(),
  /** Production: the failover waits for approval until this time (ms); null when it starts. */
  approval_expires_at: z.number().nullable(),
});
export type CreateFailoverAnswer = z.infer<typeof createFailoverAnswer>;

/** GET failover_status/{failoverId}: polled by createFailover (recovery-flow 4 'Failover'). */
export const failoverStatusAnswer = z.object({
  failover_id: z.number().int(),
  client_id: z.number().int(),
  phase: z.enum(FAILOVER_PHASES),
  type: z.enum(FAILOVER_TYPES),
  percent: z.number(),
  step: z.string().nullable(),
  /** The failure's or refusal's sentence (failed, refused, expired). */
  message: z.string().nullable(),
});
export type FailoverStatusAnswer = z.infer<typeof failoverStatusAnswer>;

// ---------------------------------------------------------------------------------------------
// The running office (client/details/{clientId}/1; get_failover_status)

export const OFFICE_SYSTEM_STATES = ['queued', 'booting', 'running', 'stopped', 'failed'] as const;

export const officeSystem = z.object({
  system_id: z.number().int(),
  name: z.string(),
  os_type: z.string(),
  /** Runbook group and position (1-based); systems start group by group. */
  group: z.number().int(),
  order: z.number().int(),
  state: z.enum(OFFICE_SYSTEM_STATES),
  ip_address: z.string().nullable(),
  started_at: z.number().nullable(),
  /** GET /client/failover_screenshot/{failoverId}/{systemId} when it has a screen to show. */
  has_screenshot: z.boolean(),
});

export const officeAnswer = z.object({
  failover_id: z.number().int(),
  phase: z.enum(FAILOVER_PHASES),
  type: z.enum(FAILOVER_TYPES),
  vo_type: z.enum(VO_TYPES),
  appliance_id: z.number().int().nullable(),
  runbook_id: z.number().int().nullable(),
  runbook_name: z.string().nullable(),
  requested_by: z.string(),
  approved_by: z.string().nullable(),
  created_at: z.number(),
  started_at: z.number().nullable(),
  /** Auto-stop time (ms), null for none (production never stops by itself). */
  stop_at: z.number().nullable(),
  office_address: z.string().nullable(),
  gateway: z.string(),
  netmask: z.string(),
  services: z.array(z.enum(FAILOVER_SERVICES)),
  message: z.string().nullable(),
  systems: z.array(officeSystem),
});
export type OfficeAnswer = z.infer<typeof officeAnswer>;

/** GET /client/get_failover_status/{clientId}/{applianceId}: the client's office, if any. */
export const getFailoverStatusAnswer = z.object({
  client_id: z.number().int(),
  client_name: z.string(),
  /** The office that runs or starts (or waits for approval); null when none. */
  office: officeAnswer.nullable(),
  /** The last ended offices, newest first (at most 5). */
  recent: z.array(
    z.object({
      failover_id: z.number().int(),
      phase: z.enum(FAILOVER_PHASES),
      type: z.enum(FAILOVER_TYPES),
      created_at: z.number(),
      ended_at: z.number().nullable(),
      message: z.string().nullable(),
      requested_by: z.string(),
      /** A refused request the requester withdrew themselves (nobody else refused it). */
      withdrawn: z.boolean(),
    }),
  ),
});
export type GetFailoverStatusAnswer = z.infer<typeof getFailoverStatusAnswer>;

export const failoverIdBody = z.object({ failover_id: jsonWhole(1, 1e15, 'This must be a failover id.') });

export const stopFailoverAnswer = z.object({ ok: z.literal(true), failover_id: z.number().int() });

// ---------------------------------------------------------------------------------------------
// Approval (issue 16.4)

export const approvalRequest = z.object({
  failover_id: z.number().int(),
  client_id: z.number().int(),
  client_name: z.string(),
  type: z.enum(FAILOVER_TYPES),
  runbook_name: z.string().nullable(),
  systems_count: z.number().int(),
  reason: z.string().nullable(),
  requested_by: z.string(),
  requested_at: z.number(),
  expires_at: z.number(),
  /** False for the requester: the same person cannot approve their own failover. */
  can_decide: z.boolean(),
  /** True for the requester only, who may take the request back. */
  can_withdraw: z.boolean(),
});
export type ApprovalRequest = z.infer<typeof approvalRequest>;

export const approvalRequestsAnswer = z.object({ requests: z.array(approvalRequest) });

// The running virtual offices of the caller's clients (issue 18.8: the dashboard's 'Virtual
// office information' opens them): starting or up, newest first, a page at a time.
export const RUNNING_OFFICE_PHASES = ['new', 'started'] as const;
export const runningOfficesQuery = z.object({
  page: listPage.optional(),
  rows: listRows().optional(),
});
export const runningOffice = z.object({
  failover_id: z.number().int(),
  client_id: z.number().int(),
  client_name: z.string(),
  type: z.enum(['test', 'production']),
  phase: z.enum(RUNNING_OFFICE_PHASES),
  runbook_name: z.string().nullable(),
  /** When the office came up (ms), null while it starts. */
  started_at: z.number().nullable(),
  /** The auto-stop instant (ms), null for none. */
  stop_at: z.number().nullable(),
});
export type RunningOffice = z.infer<typeof runningOffice>;
export const runningOfficesAnswer = z.object({
  offices: z.array(runningOffice),
  total: z.number().int(),
  page: z.number().int(),
  rows: z.number().int(),
});

export const refuseFailoverBody = failoverIdBody.extend({
  reason: z.string().trim().max(500, 'The reason can be at most 500 characters.').optional(),
});

export const approvalDecisionAnswer = z.object({
  ok: z.literal(true),
  failover_id: z.number().int(),
  phase: z.enum(FAILOVER_PHASES),
});

/** GET/POST the reseller setting: production failovers need a second person (opt-in, default off). */
export const approvalSettingAnswer = z.object({
  reseller_id: z.number().int(),
  approval_required: z.boolean(),
  window_minutes: z.number().int(),
});
export const approvalSettingBody = z.object({ approval_required: z.boolean() });
