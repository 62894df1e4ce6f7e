import {
  type CapabilitiesAnswer,
  type CreateStartAnswer,
  cpuChoices,
  DISK_FORMATS,
  type DiskFormat,
  FabricError,
  type LocationsAnswer,
  memoryChoices,
  NOT_VIRTUALIZED,
  SERVICE_GEN,
  type VirtualizedStateAnswer,
  type VmRunningAnswer,
  vmShowsScreen,
} from '@lifeboat/contract';
import type { Database } from '@lifeboat/db';
import type { Kysely } from 'kysely';
import { audit } from '../../audit/audit';
import type { AppContext } from '../../context';
import { BadRequestError, ConflictError, NotFoundError } from '../../http/errors';
import { lockSubject } from '../../operations/subject-lock';
import { type Actor, findInScope, scoped } from '../../scope';
import { loadClient, localPointInSecond } from '../recovery/access';
import { recoveryDevices } from '../recovery/discovery-service';
import { loadVmDevice } from './subject';

// The recovery wizard's virtualization on the first tool (spec: recovery-flow 4 'VM state check
// before export', 'Local VM start'; 7 'Discovery' and 'Virtual machine and failover').

const NO_DISK_EXPORT: readonly string[] = ['NAS', 'MAC_OS_X'];

export const LOCAL_VM_OPERATION = 'virtualization.local_vm' as const;

/** GET /api/recover_flow/virtualization_locations/{clientId}/{applianceId or 0}[/{deviceId}]. */
export async function locations(
  ctx: AppContext,
  actor: Actor,
  clientId: number,
  applianceId: number,
  deviceId: number | null,
): Promise<LocationsAnswer> {
  const db = ctx.dbh.db;
  await loadClient(db, actor, clientId);
  if (applianceId > 0) {
    const appliance = await findInScope(db, actor, 'appliances', applianceId, 'This appliance');
    if (Number(appliance.client_id) !== clientId) throw new NotFoundError('This appliance');
  }
  if (deviceId === null) {
    const answer = await ctx.ports.virtualization.locations(applianceId || null, null);
    if (applianceId > 0) return answer;
    // No appliance chosen yet (the dashboard's wizard): a local VM is offered when one of the
    // client's appliances runs them; the appliance and the system are chosen next, as the
    // device's own Recover has them (spec: recovery-flow 2 locateVirtualization).
    return { ...answer, local_vm: await clientRunsLocalVms(ctx, actor, clientId) };
  }
  const system = await findInScope(db, actor, 'protected_systems', deviceId, 'This device');
  if (Number(system.client_id) !== clientId) throw new NotFoundError('This device');
  if (applianceId > 0 && Number(system.appliance_id) !== applianceId)
    throw new NotFoundError('This appliance');
  // The first tool's wizard: a second-tool device has none of these (it uses typeRB).
  if (Number(system.service_gen) !== SERVICE_GEN.FIRST)
    return {
      cloud_vm: false,
      local_vm: false,
      vmdk_export: false,
      vhd_export: false,
      vhdx_export: false,
      support_dynamic: false,
    };
  const { subject } =
    system.appliance_id === null
      ? { subject: null }
      : await loadVmDevice(db, actor, Number(system.appliance_id), deviceId);
  const answer = await ctx.ports.virtualization.locations(
    system.appliance_id === null ? null : Number(system.appliance_id),
    subject,
  );
  // Local VMs and disk exports run on the appliance: a direct-to-cloud device has neither.
  if (system.appliance_id === null)
    return { ...answer, local_vm: false, vmdk_export: false, vhd_export: false, vhdx_export: false };
  return answer;
}

async function clientRunsLocalVms(ctx: AppContext, actor: Actor, clientId: number): Promise<boolean> {
  const appliances = await scoped(ctx.dbh.db, actor)
    .selectFrom('appliances')
    .select('id')
    .where('client_id', '=', clientId)
    .execute();
  for (const a of appliances)
    if ((await ctx.ports.virtualization.locations(Number(a.id), null)).local_vm) return true;
  return false;
}

export function checkFormat(raw: string): DiskFormat {
  const f = raw.toUpperCase();
  const format = DISK_FORMATS.find((x) => x === f);
  if (!format) throw new BadRequestError(`The format must be one of ${DISK_FORMATS.join(', ')}.`);
  return format;
}

/**
 * GET /api/vmexport/devices/{clientId}/{applianceId or 0}/...: the devices whose disks can be
 * exported, on one appliance or (0) on any appliance of the client.
 */
export async function exportDevices(
  db: Kysely<Database>,
  actor: Actor,
  clientId: number,
  applianceId: number,
) {
  const { devices } = await recoveryDevices(db, actor, {
    clientId,
    applianceId: applianceId || null,
    points: 'local',
  });
  // A NAS or a Mac has no disk to export (the locations say so too).
  return {
    devices: devices.filter(
      (d) =>
        d.service_gen === SERVICE_GEN.FIRST && d.appliance_id !== null && !NO_DISK_EXPORT.includes(d.os_type),
    ),
  };
}

/** POST /ra_ajax/get_virtualized_state: the facts of the state check and the exposed disk. */
export async function virtualizedState(
  ctx: AppContext,
  actor: Actor,
  aid: number,
  deviceId: number,
): Promise<VirtualizedStateAnswer> {
  const db = ctx.dbh.db;
  const { system, subject } = await loadVmDevice(db, actor, aid, deviceId);
  const share = await scoped(db, actor)
    .selectFrom('cifs_shares')
    .select(['id', 'format', 'status'])
    .where('system_id', '=', system.id)
    .where('status', 'in', ['exposing', 'active'])
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const exposed_disk = share
    ? { share_id: Number(share.id), format: share.format, loading: share.status === 'exposing' }
    : null;
  try {
    const state = await ctx.ports.virtualization.virtualizedState(subject);
    return { ...state, exposed_disk };
  } catch (err) {
    if (!(err instanceof FabricError)) throw err;
    return { ...NOT_VIRTUALIZED, error: err.message, exposed_disk };
  }
}

/** POST /ra_ajax/is_disk_from_failover: a production failover's running VM can give its disk. */
export async function diskFromFailover(ctx: AppContext, actor: Actor, aid: number, deviceId: number) {
  const s = await virtualizedState(ctx, actor, aid, deviceId);
  return { from_failover: !s.error && s.production && s.running };
}

/** POST /ra_ajax/capabilities. */
export async function capabilities(
  ctx: AppContext,
  actor: Actor,
  aid: number,
  deviceId: number,
): Promise<CapabilitiesAnswer> {
  const { subject, appliance } = await loadVmDevice(ctx.dbh.db, actor, aid, deviceId);
  const none = {
    vmSizes: [],
    minVMMemMb: 0,
    vmCpuRange: [0, 0] as [number, number],
    vmCpuMin: 0,
    warning: '',
  };
  if (Number(appliance.online) !== 1)
    return {
      ok: false,
      title: 'The appliance is offline',
      error: `${appliance.name} does not answer: a virtual machine cannot be started now.`,
      ...none,
    };
  try {
    return { ok: true, ...(await ctx.ports.virtualization.capabilities(subject)) };
  } catch (err) {
    if (!(err instanceof FabricError)) throw err;
    return { ok: false, title: 'The appliance could not tell its capabilities', error: err.message, ...none };
  }
}

export interface StartInput {
  aid: number;
  sid: number;
  restorePointsMillis: number;
  vmSizeMb: number;
  vmCpus: number;
  useVNC: boolean;
  vncPasswd: string;
  testIpAddress: string;
  useCurrentAddress: boolean;
  isTest: boolean;
}

/** POST /ra_ajax/create_start_local_vm: checks, then a `virtualization.local_vm` operation. */
export async function createStart(
  ctx: AppContext,
  actor: Actor,
  q: StartInput,
  ip: string,
): Promise<CreateStartAnswer> {
  const db = ctx.dbh.db;
  const now = ctx.clock.now();
  const loaded = await loadVmDevice(db, actor, q.aid, q.sid);
  const { system, appliance } = loaded;
  const point = await localPointInSecond(db, actor, { system_id: system.id }, q.restorePointsMillis);
  const caps = await capabilities(ctx, actor, q.aid, q.sid);
  if (!caps.ok) return { ok: false, title: caps.title, error: caps.error };
  if (!memoryChoices(caps.vmSizes, caps.minVMMemMb).includes(q.vmSizeMb))
    throw new BadRequestError(
      `Choose a memory size the appliance offers: ${memoryChoices(caps.vmSizes, caps.minVMMemMb).join(', ')} MB.`,
    );
  if (!cpuChoices(caps.vmCpuRange, caps.vmCpuMin).includes(q.vmCpus))
    throw new BadRequestError(`Choose between ${caps.vmCpuRange[0]} and ${caps.vmCpuRange[1]} processors.`);

  const started = await db.transaction().execute(async (trx) => {
    await lockSubject(trx, `${LOCAL_VM_OPERATION}:${Number(system.id)}`);
    const fresh = await loadVmDevice(trx, actor, q.aid, q.sid);
    if (fresh.localVm || fresh.system.sva_job_status !== null) return null;
    const vm = await scoped(trx, actor, system)
      .insertInto('local_vms')
      .values({
        reseller_id: Number(system.reseller_id),
        client_id: Number(system.client_id),
        system_id: Number(system.id),
        appliance_id: Number(appliance.id),
        restore_point_id: Number(point.id),
        rp_taken_at: Number(point.taken_at),
        memory_mb: q.vmSizeMb,
        cpus: q.vmCpus,
        use_vnc: q.useVNC ? 1 : 0,
        use_current_address: q.useCurrentAddress ? 1 : 0,
        test_ip: q.useCurrentAddress ? null : q.testIpAddress.trim(),
        is_test: q.isTest ? 1 : 0,
        status: 'starting',
        error: null,
        user_id: actor.userId,
        created_at: now,
        started_at: null,
        ended_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const operationId = await ctx.operations.enqueue(trx, {
      kind: LOCAL_VM_OPERATION,
      input: { localVmId: Number(vm.id) },
      resellerId: Number(system.reseller_id),
      clientId: Number(system.client_id),
      subjectType: 'protected_system',
      subjectId: Number(system.id),
      createdBy: actor.userId,
      maxAttempts: 1,
    });
    // The VNC password goes to the appliance only; it is neither stored nor audited.
    await audit(trx, now, {
      actor,
      action: 'virtualization.local_vm_start',
      targetType: 'protected_system',
      targetId: Number(system.id),
      details: {
        operation_id: operationId,
        name: system.name,
        restore_point_id: Number(point.id),
        memory_mb: q.vmSizeMb,
        cpus: q.vmCpus,
        vnc: q.useVNC,
        test_ip: q.useCurrentAddress ? 'current' : q.testIpAddress.trim(),
      },
      ip,
    });
    return operationId;
  });
  if (started === null)
    return {
      ok: false,
      vm_exists: true,
      title: 'A virtual machine of this device exists',
      error: `${system.name} already has a virtual machine on ${appliance.name}. Stop and discard it in the virtualized tab first.`,
    };
  ctx.operations.wake();
  return { ok: true, operation_id: started };
}

/** POST /ra_ajax/is_vm_running: polled every 4 s by startVm. */
export async function isVmRunning(
  ctx: AppContext,
  actor: Actor,
  aid: number,
  deviceId: number,
): Promise<VmRunningAnswer> {
  const db = ctx.dbh.db;
  const { system } = await loadVmDevice(db, actor, aid, deviceId);
  const latest = await scoped(db, actor)
    .selectFrom('local_vms')
    .select(['id', 'status', 'error', 'created_at', 'ip_address', 'vnc_address'])
    .where('system_id', '=', system.id)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const base = { sva_job_status: system.sva_job_status, progress: 0, step: null };
  if (latest?.status === 'failed')
    return {
      ...base,
      running: false,
      starting: false,
      title: 'The virtual machine could not start',
      error: latest.error ?? '',
    };
  if (latest?.status === 'starting') {
    const op = await scoped(db, actor)
      .selectFrom('operations')
      .select(['progress', 'step'])
      .where('kind', '=', LOCAL_VM_OPERATION)
      .where('subject_id', '=', system.id)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return {
      ...base,
      running: false,
      starting: true,
      progress: Number(op?.progress ?? 0),
      step: op?.step ?? null,
    };
  }
  return {
    ...base,
    running: system.sva_job_status === 'Running',
    starting: false,
    progress: 100,
    ip_address: latest?.ip_address ?? null,
    vnc_address: latest?.vnc_address ?? null,
  };
}

/** GET /api/vmexport/disk/{shareId}: the disk image of an active disk share. */
export async function diskImageOf(ctx: AppContext, actor: Actor, shareId: number) {
  const db = ctx.dbh.db;
  const share = await scoped(db, actor)
    .selectFrom('cifs_shares')
    .selectAll()
    .where('id', '=', shareId)
    .executeTakeFirst();
  if (!share) throw new NotFoundError('This share');
  if (!share.format) throw new ConflictError('This share holds files, not a virtual disk.');
  if (share.status !== 'active')
    throw new ConflictError('This share is not open: its disk cannot be downloaded.');
  const system = await findInScope(db, actor, 'protected_systems', Number(share.system_id), 'This share');
  const image = await ctx.ports.virtualization.diskImage({
    subject: { ...(await loadVmDevice(db, actor, Number(share.appliance_id), Number(system.id))).subject },
    format: checkFormat(share.format),
    restorePointTakenAt: Number(share.rp_taken_at),
  });
  return { share, system, image };
}

/**
 * GET /api/virtualization/vm_screenshot/{deviceId}: the console of a device's running VM (issue
 * 12.4), a local VM's own run or another VM of the device; 404 while none runs.
 */
export async function vmScreenshot(ctx: AppContext, actor: Actor, deviceId: number): Promise<Buffer> {
  const db = ctx.dbh.db;
  const system = await findInScope(db, actor, 'protected_systems', deviceId, 'This device');
  if (!vmShowsScreen(system.sva_job_status)) throw new NotFoundError('This screenshot');
  const run = await scoped(db, actor)
    .selectFrom('local_vms')
    .select('id')
    .where('system_id', '=', system.id)
    .where('status', '=', 'running')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return ctx.ports.virtualization.consoleScreenshot({
    systemId: Number(system.id),
    seed: Number(system.seed),
    runId: run ? Number(run.id) : 0,
    hostname: system.hostname || system.name.toLowerCase(),
    osType: system.os_type,
    width: 800,
    height: 600,
  });
}
