import type { RestorePointRef } from '@lifeboat/contract';
import type { Database } from '@lifeboat/db';
import type { Kysely, Selectable } from 'kysely';
import { BadRequestError, NotFoundError } from '../../http/errors';
import { type Actor, findInScope, findOrgInScope, scoped } from '../../scope';

// Loads what a recovery call names (system, job, restore point, appliance) inside the actor's
// scope. Anything outside it, or not belonging together, is simply not found (ARCHITECTURE
// 'Tenancy').

export type SystemRow = Selectable<Database['protected_systems']>;
export type JobRow = Selectable<Database['jobs']>;
export type PointRow = Selectable<Database['restore_points']>;

export interface PointContext {
  system: SystemRow;
  job: JobRow;
  point: PointRow;
  /** The appliance of a local point; null for a cloud point. */
  applianceId: number | null;
}

export async function loadJob(db: Kysely<Database>, actor: Actor, systemId: number, jobId: number) {
  const system = await findInScope(db, actor, 'protected_systems', systemId, 'This device');
  const job = await scoped(db, actor)
    .selectFrom('jobs')
    .selectAll()
    .where('id', '=', jobId)
    .where('system_id', '=', systemId)
    .executeTakeFirst();
  if (!job) throw new NotFoundError('This job');
  return { system, job };
}

/** The drives a job protects (JSON text in the table). */
export function jobDrives(job: Pick<JobRow, 'drives'>): string[] {
  try {
    const parsed: unknown = JSON.parse(job.drives);
    return Array.isArray(parsed) ? parsed.map(String) : [];
  } catch {
    return [];
  }
}

/** A drive named in a call must be one of the job's; null or '' means the whole job. */
export function checkDrive(job: JobRow, drive: string | null | undefined): string | null {
  if (drive === null || drive === undefined || drive === '' || drive === 'null') return null;
  if (!jobDrives(job).includes(drive)) throw new BadRequestError('This drive is not part of this job.');
  return drive;
}

/**
 * A restore point of the job. `applianceId` 0 asks for the cloud copy, otherwise the local copy
 * on that appliance (which must be the system's).
 */
export async function loadPoint(
  db: Kysely<Database>,
  actor: Actor,
  q: {
    systemId: number;
    jobId: number;
    applianceId: number;
    pointId?: number;
    pointAt?: number;
    /** Neither id nor time: the job's newest point there. */
    newest?: boolean;
  },
): Promise<PointContext> {
  const { system, job } = await loadJob(db, actor, q.systemId, q.jobId);
  const applianceId = q.applianceId > 0 ? q.applianceId : null;
  if (applianceId !== null && Number(system.appliance_id) !== applianceId)
    throw new NotFoundError('This appliance');
  let query = scoped(db, actor)
    .selectFrom('restore_points')
    .selectAll()
    .where('job_id', '=', job.id)
    .where('system_id', '=', system.id);
  if (q.pointId !== undefined) query = query.where('id', '=', q.pointId);
  else if (q.pointAt !== undefined) query = query.where('taken_at', '=', q.pointAt);
  else if (q.newest) query = query.orderBy('taken_at', 'desc').orderBy('id', 'desc');
  else throw new NotFoundError('This restore point');
  query = applianceId === null ? query.where('is_cloud', '=', 1) : query.where('is_local', '=', 1);
  const point = await query.limit(1).executeTakeFirst();
  if (!point) throw new NotFoundError('This restore point');
  return { system, job, point, applianceId };
}

/**
 * The local restore point taken within the second `ms` falls in. The old pages' links carry a
 * point's time in whole seconds while points are stored in milliseconds, so a share (by its job)
 * and a local VM (by its system) both look the point up by that second.
 */
export async function localPointInSecond(
  db: Kysely<Database>,
  actor: Actor,
  by: { job_id: number } | { system_id: number },
  ms: number,
): Promise<PointRow> {
  const second = Math.floor(ms / 1000) * 1000;
  const [column, value] =
    'job_id' in by ? (['job_id', by.job_id] as const) : (['system_id', by.system_id] as const);
  const point = await scoped(db, actor)
    .selectFrom('restore_points')
    .selectAll()
    .where(column, '=', value)
    .where('is_local', '=', 1)
    .where('taken_at', '>=', second)
    .where('taken_at', '<', second + 1000)
    .limit(1)
    .executeTakeFirst();
  if (!point) throw new NotFoundError('This restore point');
  return point;
}

/**
 * The columns an export job row (FTPS exports, Azure restore jobs) copies from the system and
 * point it was started for: the tenancy ids and the point's time. One place so both tools'
 * rows carry the same subject columns.
 */
export function pointColumns(
  system: Pick<SystemRow, 'id' | 'reseller_id' | 'client_id'>,
  point: Pick<PointRow, 'id' | 'taken_at'>,
) {
  return {
    reseller_id: Number(system.reseller_id),
    client_id: Number(system.client_id),
    system_id: Number(system.id),
    restore_point_id: Number(point.id),
    rp_taken_at: Number(point.taken_at),
  };
}

export function pointRef(ctx: {
  system: Pick<SystemRow, 'id' | 'seed' | 'os_type' | 'device_type' | 'hostname' | 'source_id'>;
  point: Pick<PointRow, 'id' | 'taken_at'>;
  applianceId: number | null;
}): RestorePointRef {
  return {
    systemId: Number(ctx.system.id),
    applianceId: ctx.applianceId,
    restorePointId: Number(ctx.point.id),
    takenAt: Number(ctx.point.taken_at),
    seed: Number(ctx.system.seed),
    osType: ctx.system.os_type,
    deviceType: ctx.system.device_type,
    hostname: ctx.system.hostname,
    sourceId: ctx.system.source_id === null ? null : Number(ctx.system.source_id),
  };
}

/** A reseller the actor may see (404 for anything else, including a client id). */
export async function loadReseller(db: Kysely<Database>, actor: Actor, resellerId: number) {
  const org = await findOrgInScope(db, actor, resellerId, 'This reseller');
  if (org.kind !== 'reseller') throw new NotFoundError('This reseller');
  return org;
}

/** A client the actor may see. */
export async function loadClient(db: Kysely<Database>, actor: Actor, clientId: number) {
  const org = await findOrgInScope(db, actor, clientId, 'This client');
  if (org.kind !== 'client') throw new NotFoundError('This client');
  return org;
}
