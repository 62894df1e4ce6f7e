import { randomBytes } from 'node:crypto';
import { type RecoveryFileEntry, type RecoveryPointsAnswer, zoneOrUtc } from '@lifeboat/contract';
import type { Database } from '@lifeboat/db';
import type { Kysely, Selectable } from 'kysely';
import type { AppContext } from '../../context';
import { BadRequestError, NotFoundError } from '../../http/errors';
import { type Actor, scoped } from '../../scope';
import { checkDrive, jobDrives, loadJob, loadPoint, type PointContext, pointRef } from './access';
import { joinPath } from './archive';
import { dayStrip, parseDay } from './day-strip';

// Browsing a restore point (spec: recovery-flow 7 'Browsing and download'): the day strip of
// points, a mount (filemountUseId) and folder listings through the fabric.

/** A browsing session is good for a working day; the wizard mounts again after that. */
const MOUNT_TTL_MS = 12 * 3_600_000;
/** How many points of one job the strip considers (a job keeps far fewer). */
const MAX_POINTS = 5000;

export type MountRow = Selectable<Database['file_mounts']>;

/** GET /api/{file|local}browsing/recovery_points/...: the strip, or data null when offline. */
export async function recoveryPoints(
  ctx: AppContext,
  actor: Actor,
  q: {
    clientId: number;
    applianceId: number;
    systemId: number;
    jobId: number;
    drive: string;
    datePoint?: string;
  },
): Promise<RecoveryPointsAnswer> {
  const db = ctx.dbh.db;
  const { system, job } = await loadJob(db, actor, q.systemId, q.jobId);
  if (Number(system.client_id) !== q.clientId) throw new NotFoundError('This device');
  checkDrive(job, q.drive);
  const centre = q.datePoint === undefined ? null : parseDay(q.datePoint);
  if (q.datePoint !== undefined && centre === null)
    throw new BadRequestError('The date must be a day written as YYYY-MM-DD.');
  const local = q.applianceId > 0;
  if (local) {
    if (Number(system.appliance_id) !== q.applianceId) throw new NotFoundError('This appliance');
    const appliance = await scoped(db, actor)
      .selectFrom('appliances')
      .select('online')
      .where('id', '=', q.applianceId)
      .executeTakeFirst();
    // spec: recovery-flow 8, no data from the appliance leads to applianceOffline.
    if (!appliance?.online) return { data: null };
  }
  const rows = await scoped(db, actor)
    .selectFrom('restore_points')
    .select(['id', 'taken_at'])
    .where('job_id', '=', job.id)
    .where(local ? 'is_local' : 'is_cloud', '=', 1)
    .orderBy('taken_at')
    .limit(MAX_POINTS)
    .execute();
  return {
    data: dayStrip(
      rows.map((r) => ({ id: Number(r.id), ts: Number(r.taken_at) })),
      centre,
      ctx.clock.now(),
      zoneOrUtc(actor.timeZone),
    ),
  };
}

/** The columns of a browsing session or a download link that say which point and drive they read. */
export function pointSource(p: PointContext, drive: string | null) {
  return {
    location: p.applianceId === null ? ('cloud' as const) : ('appliance' as const),
    reseller_id: Number(p.system.reseller_id),
    client_id: Number(p.system.client_id),
    system_id: Number(p.system.id),
    appliance_id: p.applianceId,
    job_id: Number(p.job.id),
    restore_point_id: Number(p.point.id),
    rp_taken_at: Number(p.point.taken_at),
    drive,
  };
}

/** POST /api/filebrowsing/mount/{appliance}/{deviceAsid}/{job}/{drive}: open a point for browsing. */
export async function mountPoint(
  db: Kysely<Database>,
  actor: Actor,
  now: number,
  q: { applianceId: number; systemId: number; jobId: number; drive: string; pointId?: number },
): Promise<{ filemountUseId: string }> {
  const p = await loadPoint(db, actor, { ...q, newest: q.pointId === undefined });
  const token = randomBytes(16).toString('base64url');
  await scoped(db, actor, p.system)
    .insertInto('file_mounts')
    .values({
      token,
      ...pointSource(p, checkDrive(p.job, q.drive)),
      user_id: actor.userId,
      created_at: now,
      completed_at: null,
    })
    .execute();
  return { filemountUseId: token };
}

/** An open browsing session of the actor's scope, or 404. */
export async function loadMount(db: Kysely<Database>, actor: Actor, token: string, now: number) {
  const mount = await scoped(db, actor)
    .selectFrom('file_mounts')
    .selectAll()
    .where('token', '=', token)
    .executeTakeFirst();
  if (!mount || mount.completed_at !== null || Number(mount.created_at) + MOUNT_TTL_MS < now)
    throw new NotFoundError('This browsing session');
  const system = await scoped(db, actor)
    .selectFrom('protected_systems')
    .selectAll()
    .where('id', '=', mount.system_id)
    .executeTakeFirst();
  const job = await scoped(db, actor)
    .selectFrom('jobs')
    .selectAll()
    .where('id', '=', mount.job_id)
    .executeTakeFirst();
  if (!system || !job) throw new NotFoundError('This browsing session');
  const ref = pointRef({
    system,
    point: { id: mount.restore_point_id, taken_at: mount.rp_taken_at },
    applianceId: mount.appliance_id === null ? null : Number(mount.appliance_id),
  });
  return { mount, system, job, ref };
}

/** What a call names beside the mount's token: it must be the mount's own (else 404). */
export interface MountIds {
  /** 0 for a cloud mount. */
  applianceId: number;
  pointId?: number;
}

function checkMountIds(mount: MountRow, ids: MountIds) {
  if (
    Number(mount.appliance_id ?? 0) !== ids.applianceId ||
    (ids.pointId !== undefined && Number(mount.restore_point_id) !== ids.pointId)
  )
    throw new NotFoundError('This browsing session');
}

/** The folders a mount may show: its drive, or every drive of the job. */
export function mountRoots(mount: Pick<MountRow, 'drive'>, job: { drives: string }): string[] {
  if (mount.drive) return [mount.drive];
  const drives = jobDrives(job);
  // A job of a backup source (a restic snapshot) names no drives: its point is one tree from "/".
  return drives.length > 0 ? drives : ['/'];
}

/** A path inside the mount, '' for its root; throws 400 for anything outside it. */
export function checkMountPath(roots: string[], path: string, caseless: boolean): string {
  const clean = path.replace(/\\/g, '/').replace(/\/{2,}/g, '/');
  if (clean === '') return '';
  if (clean.split('/').some((s) => s === '..' || s === '.'))
    throw new BadRequestError('The path may not contain "." or "..".');
  const norm = (s: string) => (caseless ? s.toLowerCase() : s);
  const inside = roots.some((r) => {
    const root = norm(r);
    const p = norm(clean);
    return p === root || p.startsWith(root.endsWith('/') ? root : `${root}/`);
  });
  if (!inside) throw new BadRequestError('This path is outside the restore point being browsed.');
  return clean;
}

/**
 * The spec's files call names the point to browse (recovery-flow 7, {path, recoveryPoint,
 * filemountUseId}): another point of the mount's job, in the same place, moves the session to it,
 * so the file, search and download calls that follow read the point listed last.
 */
async function followPoint(ctx: AppContext, actor: Actor, token: string, ids: Required<MountIds>) {
  const db = ctx.dbh.db;
  const { mount } = await loadMount(db, actor, token, ctx.clock.now());
  checkMountIds(mount, { applianceId: ids.applianceId });
  const pointId = ids.pointId;
  if (Number(mount.restore_point_id) === pointId) return;
  const { point } = await loadPoint(db, actor, {
    systemId: Number(mount.system_id),
    jobId: Number(mount.job_id),
    applianceId: Number(mount.appliance_id ?? 0),
    pointId,
  });
  await scoped(db, actor)
    .updateTable('file_mounts')
    .set({ restore_point_id: Number(point.id), rp_taken_at: Number(point.taken_at) })
    .where('token', '=', token)
    .execute();
}

/** POST /api/filebrowsing/files: a folder of the mount ('' lists its root). */
export async function listMountFolder(
  ctx: AppContext,
  actor: Actor,
  token: string,
  rawPath: string,
  ids: MountIds,
): Promise<{ path: string; files: RecoveryFileEntry[] }> {
  if (ids.pointId !== undefined)
    await followPoint(ctx, actor, token, { applianceId: ids.applianceId, pointId: ids.pointId });
  const { mount, system, job, ref } = await loadMount(ctx.dbh.db, actor, token, ctx.clock.now());
  checkMountIds(mount, ids);
  const roots = mountRoots(mount, job);
  const path = checkMountPath(roots, rawPath, system.os_type !== 'LINUX');
  if (path === '') {
    // The root of a mount is its drives (one for a chosen drive).
    const files: RecoveryFileEntry[] = [];
    for (const r of roots) {
      const stat = await ctx.ports.files.statFile(ref, r);
      if (stat?.type === 'folder') files.push({ ...stat, name: r, path: r });
    }
    return { path, files };
  }
  const list = await ctx.ports.files.listFiles(ref, path);
  if (list === null) throw new NotFoundError('This folder');
  return { path, files: list.map((e) => ({ ...e, path: joinPath(path, e.name) })) };
}

// A search walks the point's folders breadth first, so shallow matches come first; the limits
// keep one search to a bounded number of reads of the appliance (issue 18.14).
const SEARCH_MAX_FOLDERS = 400;
const SEARCH_MAX_RESULTS = 100;

/** POST /api/filebrowsing/search/{applianceId}: entries whose name holds the words, any case. */
export async function searchMount(
  ctx: AppContext,
  actor: Actor,
  token: string,
  query: string,
  ids: MountIds,
): Promise<{ files: RecoveryFileEntry[]; truncated: boolean }> {
  const { mount, job, ref } = await loadMount(ctx.dbh.db, actor, token, ctx.clock.now());
  checkMountIds(mount, ids);
  const needle = query.toLowerCase();
  const files: RecoveryFileEntry[] = [];
  const queue = [...mountRoots(mount, job)];
  let read = 0;
  while (queue.length > 0) {
    if (read >= SEARCH_MAX_FOLDERS || files.length >= SEARCH_MAX_RESULTS) return { files, truncated: true };
    const folder = queue.shift() as string;
    read++;
    const list = await ctx.ports.files.listFiles(ref, folder);
    for (const e of list ?? []) {
      const path = joinPath(folder, e.name);
      if (e.name.toLowerCase().includes(needle)) files.push({ ...e, path });
      if (e.type === 'folder') queue.push(path);
    }
  }
  return { files: files.slice(0, SEARCH_MAX_RESULTS), truncated: files.length > SEARCH_MAX_RESULTS };
}

/** POST /api/filebrowsing/file/{applianceId}: one entry by its base64url path. */
export async function statMountFile(
  ctx: AppContext,
  actor: Actor,
  token: string,
  path64: string,
  ids: MountIds,
) {
  const { mount, system, job, ref } = await loadMount(ctx.dbh.db, actor, token, ctx.clock.now());
  checkMountIds(mount, ids);
  const raw = Buffer.from(path64, 'base64url').toString('utf8');
  const path = checkMountPath(mountRoots(mount, job), raw, system.os_type !== 'LINUX');
  const entry = path === '' ? null : await ctx.ports.files.statFile(ref, path);
  if (!entry) throw new NotFoundError('This file');
  return { file: { ...entry, path } };
}

/** POST /api/filebrowsing/complete/{filemountUseId}: the wizard is done with the mount. */
export async function completeMount(db: Kysely<Database>, actor: Actor, token: string, now: number) {
  const res = await scoped(db, actor)
    .updateTable('file_mounts')
    .set({ completed_at: now })
    .where('token', '=', token)
    .where('completed_at', 'is', null)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0) throw new NotFoundError('This browsing session');
  return { ok: true };
}
