import { z } from 'zod';
import { OPERATION_STATUSES, SVA_JOB_STATUSES } from './enums';
import { VM_ACTIONS } from './inventory';

// Long work (ARCHITECTURE 'Long work is an operation'). Every kind is declared once here: its
// input (parsed when a worker leases it), the steps its progress names, its result (what the
// app reads when it polls) and its lane. The server's enqueue and register are typed by this
// registry, and the web app's useOperation by the result schema.

/**
 * Which worker slots run the kind: `work` is long user-started work (AutoVerify, VM actions,
 * shares); `heartbeat` is short recurring work (the fleet's tick, expiry sweeps) that must never
 * wait behind a burst of long runs (issue 18.7).
 */
export type OperationLane = 'work' | 'heartbeat';

export interface OperationDef<
  I extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
  S extends string = string,
> {
  summary: string;
  input: I;
  result: R;
  /** The steps `progress` may name, in order; shown to the user under the progress bar. */
  steps: readonly S[];
  lane: OperationLane;
}

export function defineOperation<
  I extends z.ZodType,
  R extends z.ZodType,
  const S extends string = never,
>(def: {
  summary: string;
  input: I;
  result: R;
  steps?: readonly S[];
  lane?: OperationLane;
}): OperationDef<I, R, S> {
  return { ...def, steps: def.steps ?? [], lane: def.lane ?? 'work' };
}

export type OperationRegistry = Record<string, OperationDef>;

/** What the caller passes to enqueue (before parsing, so defaults may be left out). */
export type InputOf<D extends OperationDef> = z.input<D['input']>;
/** What the handler receives: the input as its schema parsed it. */
export type ParsedInputOf<D extends OperationDef> = z.output<D['input']>;
export type ResultOf<D extends OperationDef> = z.output<D['result']>;
export type StepOf<D extends OperationDef> = D['steps'][number];

const id = z.number().int().positive();
const skipped = z.object({ skipped: z.string() });

export const operationKinds = {
  'autoverify.run': defineOperation({
    summary: "Verify a system's latest restore point and record the result.",
    input: z.object({ systemId: id }),
    result: z.object({ autoverify_result_id: id, status: z.enum(['success', 'failure']) }),
    steps: [
      'Preparing the restore point',
      'Booting the virtual machine',
      'Waiting for the heartbeat',
      'Checking the screen',
      'Running VSS and chkdsk checks',
      'Cleaning up',
      'Finished',
    ],
  }),
  'inventory.vm': defineOperation({
    summary: "Start, stop, resume or discard a system's virtual machine.",
    input: z.object({ systemId: id, action: z.enum(VM_ACTIONS) }),
    result: z.object({ action: z.enum(VM_ACTIONS), sva_job_status: z.enum(SVA_JOB_STATUSES).nullable() }),
    steps: [
      'Preparing the virtual disks',
      'Booting the virtual machine',
      'Shutting the virtual machine down',
      'Resuming the virtual machine',
      'Powering off',
      'Discarding the virtual machine and its changes',
      'Finished',
    ],
  }),
  'virtualization.local_vm': defineOperation({
    summary: 'Create and start a local virtual machine of a restore point on its appliance.',
    input: z.object({ localVmId: id }),
    result: z.object({ sva_job_status: z.enum(SVA_JOB_STATUSES) }),
    steps: ['Preparing the virtual disks', 'Booting the virtual machine', 'Finished'],
  }),
  'recovery.share_activate': defineOperation({
    summary: 'Wait for the appliance to publish an exposed share, then start its lifetime.',
    input: z.object({ id }),
    result: z.union([
      z.object({ status: z.literal('active'), expires_at: z.number() }),
      z.object({ status: z.literal('failed') }),
      skipped,
    ]),
    steps: ['Mounting the restore point', 'Publishing the share', 'Checking access', 'Share active'],
  }),
  'recovery.share_end': defineOperation({
    summary: 'Unmount a suppressed share from its appliance.',
    input: z.object({ id }),
    result: z.union([z.object({ status: z.enum(['suppressed', 'expired', 'unchanged']) }), skipped]),
  }),
  'recovery.expiries': defineOperation({
    summary: 'End the shares and download links whose time has come (a schedule).',
    input: z.object({}),
    result: z.object({ shares: z.number().int(), downloads: z.number().int(), failed: z.number().int() }),
    lane: 'heartbeat',
  }),
  'ftps.export': defineOperation({
    summary:
      'Stage an FTPS export of a restore point and open its FTPS user (spec: recovery-flow 4 FTPS export).',
    input: z.object({ id }),
    result: z.union([
      z.object({ status: z.literal('ready'), size_bytes: z.number() }),
      z.object({ status: z.literal('failed'), error: z.string() }),
      skipped,
    ]),
    steps: [
      'Preparing the restore point',
      'Copying the files',
      'Writing the VHD image',
      'Writing the VHDX image',
      'Writing the VMDK image',
      'Export ready',
    ],
  }),
  'ftps.discard': defineOperation({
    summary: 'Remove a discarded FTPS export: its FTPS user and its files.',
    input: z.object({ id }),
    result: z.union([z.object({ status: z.literal('discarded') }), skipped]),
  }),
  'ftps.expiries': defineOperation({
    summary:
      'End the FTPS exports whose expiration days are over: no more login, files deleted (a schedule).',
    input: z.object({}),
    result: z.object({ expired: z.number().int() }),
    lane: 'heartbeat',
  }),
  'azure.restore': defineOperation({
    summary:
      "Copy a restore point's disks into an Azure storage account as page blobs (spec: dashboard-device-azure 4 'Azure wizard').",
    input: z.object({ id }),
    result: z.union([
      z.object({ status: z.literal('completed'), disk_urls: z.array(z.string()) }),
      z.object({ status: z.enum(['failed', 'cancelled']), error: z.string().nullable() }),
      skipped,
    ]),
    steps: [
      'Preparing the disks',
      'Uploading the disks to Azure',
      'Registering the disks',
      'Restored to Azure',
    ],
  }),
  'failover.start': defineOperation({
    summary:
      "Build a client's virtual office and boot its systems in runbook order (spec: recovery-flow 4 'Failover').",
    input: z.object({ failoverId: id }),
    result: z.union([
      z.object({ phase: z.literal('started'), systems: z.number().int() }),
      z.object({ phase: z.literal('failed'), message: z.string() }),
      skipped,
    ]),
    steps: ['Creating the virtual network', 'Starting the systems', 'Virtual office running'],
  }),
  'failover.stop': defineOperation({
    summary: 'Stop a virtual office and discard its machines (by a person or at its auto-stop time).',
    input: z.object({ failoverId: id, reason: z.enum(['stopped', 'auto_stopped']) }),
    result: z.union([z.object({ phase: z.literal('finished') }), skipped]),
    steps: ['Stopping the machines', 'Virtual office removed'],
  }),
  'failover.sweep': defineOperation({
    summary:
      'Stop the test offices whose auto-stop time has come and expire unanswered approvals (a schedule).',
    input: z.object({}),
    result: z.object({ stopped: z.number().int(), expired: z.number().int() }),
    lane: 'heartbeat',
  }),
  'alerts.evaluate': defineOperation({
    summary:
      'Evaluate the alert conditions of every subject: open, update, resolve and reopen alerts (a schedule).',
    input: z.object({}),
    result: z.object({
      opened: z.number().int(),
      reopened: z.number().int(),
      updated: z.number().int(),
      resolved: z.number().int(),
    }),
    lane: 'heartbeat',
  }),
  'alerts.deliver': defineOperation({
    summary: 'Send the queued alert e-mails, one per alert transition, retrying with backoff (a schedule).',
    input: z.object({}),
    result: z.object({ sent: z.number().int(), failed: z.number().int(), retried: z.number().int() }),
    lane: 'heartbeat',
  }),
  'alerts.digest': defineOperation({
    summary:
      'Gather the held alert e-mails whose digest is due into one message per digest and send it (a schedule).',
    input: z.object({}),
    result: z.object({ gathered: z.number().int(), sent: z.number().int(), retried: z.number().int() }),
    lane: 'heartbeat',
  }),
  'alerts.remind': defineOperation({
    summary:
      'Remind by e-mail of the open alerts nobody has acknowledged, every N hours of their rule (a schedule).',
    input: z.object({}),
    result: z.object({ reminded: z.number().int() }),
    lane: 'heartbeat',
  }),
  'alerts.webhooks': defineOperation({
    summary:
      'Post the queued alert webhooks, in order per alert and endpoint, retrying with backoff for a day (a schedule).',
    input: z.object({}),
    result: z.object({ delivered: z.number().int(), failed: z.number().int(), retried: z.number().int() }),
    lane: 'heartbeat',
  }),
  'fleet.tick': defineOperation({
    summary: 'Advance the living fleet: backups, health, nightly AutoVerify (a schedule).',
    input: z.object({}),
    result: z
      .object({
        backups: z.number().int(),
        completed: z.number().int(),
        failed: z.number().int(),
        missed: z.number().int(),
        healthChanges: z.number().int(),
        autoVerified: z.number().int(),
      })
      .nullable(),
    lane: 'heartbeat',
  }),
  'reports.generate': defineOperation({
    summary: 'Render an executive summary PDF for a client and period (spec: inventory-reports 4).',
    input: z.object({ reportId: id }),
    result: z.union([z.object({ report_id: id, bytes: z.number().int() }), skipped]),
    steps: ['Reading the fleet', 'Drawing the report', 'Finished'],
  }),
  'reports.deliver': defineOperation({
    summary: "Generate a scheduled report for the period that just ended and e-mail it (a schedule's run).",
    // reportId: the failed delivery a Try again sends again (its period and history row).
    input: z.object({ definitionId: id, slotAt: z.number(), reportId: id.optional() }),
    result: z.union([z.object({ report_id: id, sent_to: z.array(z.string()) }), skipped]),
    steps: ['Reading the fleet', 'Drawing the report', 'Sending the e-mail', 'Finished'],
  }),
  'reports.sweep': defineOperation({
    summary: 'Delete the generated reports whose history days are over, with their PDFs (a schedule).',
    input: z.object({}),
    result: z.object({ deleted: z.number().int() }),
    lane: 'heartbeat',
  }),
  'sources.sync': defineOperation({
    summary:
      "Read a client's backup source and write its systems, restore points, jobs and health, and check its repository when the check is due (a schedule per source, or on demand).",
    input: z.object({ sourceId: id }),
    result: z.union([
      z.object({
        status: z.enum(['ok', 'failed']),
        sentence: z.string(),
        systems_added: z.number().int(),
        points_added: z.number().int(),
        points_removed: z.number().int(),
        // The repository check that ran with this sync, when one was due.
        check: z.object({ status: z.enum(['ok', 'failed']), sentence: z.string() }).optional(),
      }),
      skipped,
    ]),
    steps: ['Reading the repository', 'Checking the repository'],
  }),
} satisfies OperationRegistry;

export type OperationKinds = typeof operationKinds;
export type OperationKind = keyof OperationKinds;
export type OperationResult<K extends OperationKind> = ResultOf<OperationKinds[K]>;

// Not in the spec: the status of a long operation, polled by the app (docs/decisions.md).
export const operationStatus = z.object({
  id: z.number().int(),
  kind: z.string(),
  status: z.enum(OPERATION_STATUSES),
  progress: z.number().int(),
  step: z.string().nullable(),
  result: z.unknown(),
  error: z.string().nullable(),
  created_at: z.number(),
  updated_at: z.number(),
  finished_at: z.number().nullable(),
});
export type OperationStatusAnswer = z.infer<typeof operationStatus>;

/** An operation's status with its result typed by the kind's result schema. */
export type TypedOperationStatus<K extends OperationKind> = Omit<OperationStatusAnswer, 'result'> & {
  kind: K;
  result: OperationResult<K> | null;
};
