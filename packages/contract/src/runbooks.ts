import { z } from 'zod';
import { jsonWhole } from './call';
import {
  autoStopMinutes,
  autoStopMinutesError,
  FAILOVER_PHASES,
  FAILOVER_TYPES,
  IPV4,
  ipv4,
  NETMASK,
  RUNBOOK_STATUSES,
  VO_TYPES,
} from './failover';
import { nameRule } from './fields';

// Runbooks of the cloud virtual office (issue 16): a saved plan of a failover, its systems in boot
// groups, started from the runbooks page or the wizard. The failover itself (phases, auto-stop,
// setup, the running office, approval) is in failover.ts.
// ---------------------------------------------------------------------------------------------
// Runbooks (recovery-flow 3 'Runbook', 5, 7 'Runbooks'; the runbooks page client/runbooks/{id})

export const RUNBOOK_MAX_SYSTEMS = 50;
export const RUNBOOK_MAX_GROUPS = 10;
export const RUNBOOK_MAX_DELAY_SECONDS = 3600;
export const RUNBOOK_PASSWORD_MAX = 128;

export const runbookSystemRule = z.object({
  system_id: z.number().int().min(1, 'Choose a system.'),
  /** Systems of a group start together; groups start in order. */
  group: z
    .number()
    .int('The group must be a whole number.')
    .min(1, 'The group must be from 1.')
    .max(RUNBOOK_MAX_GROUPS, `The group can be at most ${RUNBOOK_MAX_GROUPS}.`),
  /** Seconds to wait after the group before starting this system. */
  delay_seconds: z
    .number()
    .int('The delay must be whole seconds.')
    .min(0, 'The delay cannot be negative.')
    .max(RUNBOOK_MAX_DELAY_SECONDS, `The delay can be at most ${RUNBOOK_MAX_DELAY_SECONDS} seconds.`),
  /** The system's address in the office network; '' gives it one from DHCP. */
  ip_address: z
    .string()
    .trim()
    .refine((v) => v === '' || IPV4.test(v), 'Enter an IPv4 address, such as 10.0.0.20, or leave it empty.')
    .default(''),
});
export type RunbookSystem = z.infer<typeof runbookSystemRule>;

/** The runbooks page's form, and the body of create and edit (JSON). */
export const runbookForm = z
  .object({
    name: nameRule('runbook name'),
    vo_type: z.enum(VO_TYPES, 'Choose where the office runs.'),
    /** The appliance of an appliance office; null in the cloud. */
    appliance_id: z.number().int().min(1).nullable(),
    gateway: ipv4('Enter the gateway as an IPv4 address, such as 10.0.0.1.'),
    netmask: z.string().trim().regex(NETMASK, 'Enter the netmask, such as 255.255.255.0.'),
    /** On edit: '' keeps the current password; a new one replaces it. */
    password: z
      .string()
      .max(RUNBOOK_PASSWORD_MAX, `The password can be at most ${RUNBOOK_PASSWORD_MAX} characters.`),
    /** Remove the password (it is then no longer asked before a start). */
    clear_password: z.boolean(),
    systems: z
      .array(runbookSystemRule)
      .min(1, 'Add at least one system to the runbook.')
      .max(RUNBOOK_MAX_SYSTEMS, `A runbook can start at most ${RUNBOOK_MAX_SYSTEMS} systems.`),
  })
  .superRefine((v, ctx) => {
    if (v.vo_type === 'appliance' && v.appliance_id === null)
      ctx.addIssue({
        code: 'custom',
        path: ['appliance_id'],
        message: 'Choose the appliance that runs the office.',
      });
    const seen = new Set<number>();
    v.systems.forEach((s, i) => {
      if (seen.has(s.system_id))
        ctx.addIssue({
          code: 'custom',
          path: ['systems', i, 'system_id'],
          message: 'This system is in the runbook twice.',
        });
      seen.add(s.system_id);
    });
    const ips = new Map<string, number>();
    v.systems.forEach((s, i) => {
      if (s.ip_address === '') return;
      if (s.ip_address === v.gateway)
        ctx.addIssue({
          code: 'custom',
          path: ['systems', i, 'ip_address'],
          message: 'This is the gateway’s address.',
        });
      if (ips.has(s.ip_address))
        ctx.addIssue({
          code: 'custom',
          path: ['systems', i, 'ip_address'],
          message: 'Two systems have this address.',
        });
      ips.set(s.ip_address, i);
    });
  });
export type RunbookForm = z.input<typeof runbookForm>;

export const runbookLastRun = z.object({
  failover_id: z.number().int(),
  phase: z.enum(FAILOVER_PHASES),
  type: z.enum(FAILOVER_TYPES),
  at: z.number(),
  by: z.string(),
  message: z.string().nullable(),
});

export const runbookRow = z.object({
  id: z.number().int(),
  client_id: z.number().int(),
  name: z.string(),
  vo_type: z.enum(VO_TYPES),
  appliance_id: z.number().int().nullable(),
  password_protected: z.boolean(),
  systems_count: z.number().int(),
  updated_at: z.number(),
  last_run: runbookLastRun.nullable(),
});
export type RunbookRow = z.infer<typeof runbookRow>;

/** GET /client/get_client_runbooks/{clientId}/{type}/{applianceId or 0} (setVirtualizationRunbook). */
export const clientRunbooksAnswer = z.object({ runbooks: z.array(runbookRow) });

/** GET /runbook/list/{clientId}: the runbooks page, with each one's last run. */
export const runbookListAnswer = z.object({
  client_id: z.number().int(),
  client_name: z.string(),
  runbooks: z.array(runbookRow),
  /** The client's systems a runbook can start (the form's picker). */
  systems: z.array(
    z.object({ id: z.number().int(), name: z.string(), os_type: z.string(), startable: z.boolean() }),
  ),
  appliances: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type RunbookListAnswer = z.infer<typeof runbookListAnswer>;

/** GET /runbook/get/{runbookId}: one runbook to edit (the password is never sent). */
export const runbookAnswer = runbookRow.extend({
  gateway: z.string(),
  netmask: z.string(),
  systems: z.array(runbookSystemRule.extend({ name: z.string() })),
});
export type RunbookAnswer = z.infer<typeof runbookAnswer>;

export const runbookCreateBody = z
  .object({ client_id: jsonWhole(1, 1e15, 'This must be a client id.') })
  .and(runbookForm);
export const runbookSavedAnswer = z.object({ ok: z.literal(true), id: z.number().int() });
export const runbookDeletedAnswer = z.object({ ok: z.literal(true) });

export const verifyRunbookPasswordBody = z.object({
  runbook_id: jsonWhole(1, 1e15, 'This must be a runbook id.'),
  password: z.string().max(RUNBOOK_PASSWORD_MAX),
  client_id: jsonWhole(1, 1e15, 'This must be a client id.'),
  is_recovery_flow: z.boolean().optional(),
});
/** A wrong password: correct false with a title and details (recovery-flow 8), the field marked. */
export const verifyRunbookPasswordAnswer = z.object({
  correct: z.boolean(),
  title: z.string().nullable(),
  details: z.string().nullable(),
});

export const runbookCheckBody = z.object({
  client_id: jsonWhole(1, 1e15, 'This must be a client id.'),
  runbook_id: jsonWhole(1, 1e15, 'This must be a runbook id.'),
  vo_type: z.enum(VO_TYPES),
});
export const runbookCheckAnswer = z.object({ warnings: z.array(z.string()), errors: z.array(z.string()) });

export const runbookStartBody = runbookCheckBody.extend({
  password: z.string().max(RUNBOOK_PASSWORD_MAX).optional(),
  autostop_after_minutes: autoStopMinutes.optional(),
  /** Test unless production is asked for (production waits for approval). */
  type: z.enum(FAILOVER_TYPES).optional(),
});
export const runbookStartAnswer = z.object({
  is_error: z.boolean(),
  /** The runbook start errors, listed (recovery-flow 8). */
  errors: z.array(z.string()),
  runbook_id: z.number().int(),
  failover_id: z.number().int().nullable(),
  approval_expires_at: z.number().nullable(),
});

/** GET runbook_failover_status/{runbookId}: polled until vo_created or vo_error. */
export const runbookFailoverStatusAnswer = z.object({
  runbook_id: z.number().int(),
  status: z.enum(RUNBOOK_STATUSES),
  failover_id: z.number().int().nullable(),
  percent: z.number(),
  step: z.string().nullable(),
  errors: z.array(z.string()),
});

/**
 * The rules a runbook start checks before anything runs (recovery-flow 5): the runbook's password
 * when it has one, and the auto-stop for a test. Answers the start errors to list; empty to go.
 */
export function runbookStartErrors(r: {
  passwordProtected: boolean;
  passwordGiven: boolean;
  type: 'test' | 'production';
  autostopMinutes: number | undefined;
}): string[] {
  const errors: string[] = [];
  if (r.passwordProtected && !r.passwordGiven) errors.push('Enter the runbook’s password.');
  if (r.type === 'test' && r.autostopMinutes) {
    const e = autoStopMinutesError(r.autostopMinutes);
    if (e) errors.push(e);
  }
  return errors;
}

/** Start is enabled once a runbook row is chosen and 'use runbook' is on (recovery-flow 5). */
export const canStartRunbook = (selectedRunbookId: number | null, useRunbook: boolean): boolean =>
  selectedRunbookId !== null && useRunbook;
