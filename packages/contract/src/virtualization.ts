import { z } from 'zod';
import { jsonWhole } from './call';
import { IP_HINT, isIPv4, VNC_HINT, vncPasswordOk } from './virtualization-rules';

// The virtualization calls of the recovery wizard (spec: recovery-flow 7 'Discovery' and 'Virtual
// machine and failover'; 3 'Local VM capabilities', 'VM config').

export * from './virtualization-rules';

const id = jsonWhole(1, Number.MAX_SAFE_INTEGER, 'This must be an id (a whole number from 1).');
const flag = z.union([z.boolean(), z.literal(0), z.literal(1)]).transform(Boolean);

export const locationsAnswer = z.object({
  cloud_vm: z.boolean(),
  local_vm: z.boolean(),
  vmdk_export: z.boolean(),
  vhd_export: z.boolean(),
  vhdx_export: z.boolean(),
  support_dynamic: z.boolean(),
});
export type LocationsAnswer = z.infer<typeof locationsAnswer>;

export const vmSubjectBody = z.object({ aid: id, device_id: id });

export const exposedDisk = z.object({
  share_id: z.number(),
  format: z.string().nullable(),
  loading: z.boolean(),
});
export const virtualizedStateAnswer = z.object({
  /** The appliance's error; the wizard shows the error step. */
  error: z.string().optional(),
  virtualized: z.boolean(),
  production: z.boolean(),
  running: z.boolean(),
  bmr: z.boolean(),
  transition: z.boolean(),
  testfailover: z.boolean(),
  vmdk_disabled: z.boolean(),
  exposed_disk: exposedDisk.nullable(),
});
export type VirtualizedStateAnswer = z.infer<typeof virtualizedStateAnswer>;

export const diskFromFailoverAnswer = z.object({ from_failover: z.boolean() });

export const capabilitiesBody = z.object({ aid: id, schedule_asid: id });
export const capabilitiesAnswer = z.object({
  ok: z.boolean(),
  title: z.string().optional(),
  error: z.string().optional(),
  vmSizes: z.array(z.number()),
  minVMMemMb: z.number(),
  vmCpuRange: z.tuple([z.number(), z.number()]),
  vmCpuMin: z.number(),
  warning: z.string(),
});
export type CapabilitiesAnswer = z.infer<typeof capabilitiesAnswer>;

const localVmShape = {
  vmSizeMb: jsonWhole(256, 1_048_576, 'The memory must be a whole number of MB from 256.'),
  vmCpus: jsonWhole(1, 128, 'The processors must be a whole number from 1 to 128.'),
  useVNC: flag,
  vncPasswd: z.string().max(64, 'The VNC password is at most 64 characters.').default(''),
  testIpAddress: z.string().max(15).default(''),
  useCurrentAddress: flag,
  isTest: flag.default(true),
};
type LocalVmValues = {
  useVNC: boolean;
  useCurrentAddress: boolean;
  vncPasswd: string;
  testIpAddress: string;
};

function checkLocalVm(v: LocalVmValues, ctx: z.RefinementCtx): void {
  // Using the current address forces VNC on (spec: recovery-flow 5).
  const vnc = v.useVNC || v.useCurrentAddress;
  if (!vncPasswordOk(vnc, v.vncPasswd))
    ctx.addIssue({ code: 'custom', path: ['vncPasswd'], message: VNC_HINT });
  if (!v.useCurrentAddress && !isIPv4(v.testIpAddress))
    ctx.addIssue({ code: 'custom', path: ['testIpAddress'], message: IP_HINT });
}
const vncWhenCurrent = <T extends LocalVmValues>(v: T): T => ({
  ...v,
  useVNC: v.useVNC || v.useCurrentAddress,
});

/** The local VM form's fields (spec: recovery-flow 5), checked the same in the app and the server. */
export const localVmFields = z.object(localVmShape).superRefine(checkLocalVm).transform(vncWhenCurrent);
export type LocalVmFields = z.input<typeof localVmFields>;

// One object (not an intersection), so that its fields are named in the OpenAPI document.
export const createStartBody = z
  .object({
    /** Not in the spec's VM config (recovery-flow 3): without it, the system's own appliance. */
    aid: id.optional(),
    sid: id,
    restorePointsMillis: jsonWhole(
      0,
      8_640_000_000_000_000,
      'The restore point time must be in milliseconds.',
    ),
    ...localVmShape,
  })
  .superRefine(checkLocalVm)
  .transform(vncWhenCurrent);
export const createStartAnswer = z.object({
  ok: z.boolean(),
  operation_id: z.number().optional(),
  /** A VM of this device runs already (showVMExist). */
  vm_exists: z.boolean().optional(),
  title: z.string().optional(),
  error: z.string().optional(),
});
export type CreateStartAnswer = z.infer<typeof createStartAnswer>;

export const vmRunningAnswer = z.object({
  running: z.boolean(),
  /** A start is under way (the operation's progress). */
  starting: z.boolean(),
  progress: z.number(),
  step: z.string().nullable(),
  sva_job_status: z.enum(['Offline', 'Running', 'Stopped']).nullable(),
  title: z.string().optional(),
  error: z.string().optional(),
  /** Where the running local VM is reached (issue 24): its address and its VNC console. */
  ip_address: z.string().nullable().optional(),
  vnc_address: z.string().nullable().optional(),
});
export type VmRunningAnswer = z.infer<typeof vmRunningAnswer>;
