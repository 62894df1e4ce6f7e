import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  DOWNLOAD_LINK_TTL_MS,
  DOWNLOAD_TYPE,
  type DownloadType,
  downloadTypeFor,
  type InsertDownloadAnswer,
} from '@lifeboat/contract';
import type { Database } from '@lifeboat/db';
import type { Kysely, Selectable } from 'kysely';
import { audit } from '../../audit/audit';
import type { AppContext } from '../../context';
import { AppError, BadRequestError, ConflictError, NotFoundError } from '../../http/errors';
import { type Actor, scoped } from '../../scope';
import { DiskConvertError, diskDownloadStream } from '../ftps/disk-convert';
import { checkDrive, loadPoint, pointRef } from './access';
import { type ArchiveItem, fileStream, tarStreamOf, zipStream } from './archive';
import { checkMountPath, loadMount, mountRoots, pointSource } from './browse-service';

// Download sessions (spec: recovery-flow 7 insert_download_session, 4 'File download type'):
// a link that works for 7 days, then answers a clear 'expired'.

/** The data folder's folder of virtual disks being converted for a download (removed once read). */
const DISK_DOWNLOADS = 'disk-downloads';

export type DownloadRow = Selectable<Database['download_sessions']>;

export class LinkExpiredError extends AppError {
  constructor(at: number) {
    super(
      410,
      'EXPIRED',
      `This download link expired on ${new Date(at).toUTCString()}. Restore the files again to get a new link.`,
    );
  }
}

export interface InsertDownload {
  /** The console's browsing session; the spec's body names none (the ids below say the point). */
  filemountUseId?: string;
  appliance_id: number;
  device_id: number;
  job_id: number;
  restore_point: number;
  drive: string | null;
  path: string | string[];
  download_type: number;
  files_count: number;
  folders_count: number;
}

const archiveName = (base: string, type: DownloadType) =>
  `${base}${type === DOWNLOAD_TYPE.ZIP ? '.zip' : '.tar'}`;

function stamp(ms: number): string {
  return new Date(ms).toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');
}

/**
 * The point a download reads: the browsing session the body names, whose ids must be the body's;
 * or, for the spec's body (recovery-flow 7: appliance_id, device_id, job_id, restore_point, drive,
 * no session), the point those ids name.
 */
async function downloadSource(db: Kysely<Database>, actor: Actor, body: InsertDownload, now: number) {
  if (body.filemountUseId === undefined) {
    const p = await loadPoint(db, actor, {
      systemId: body.device_id,
      jobId: body.job_id,
      applianceId: body.appliance_id,
      pointId: body.restore_point,
    });
    return {
      mount: pointSource(p, checkDrive(p.job, body.drive)),
      system: p.system,
      job: p.job,
      ref: pointRef(p),
    };
  }
  const session = await loadMount(db, actor, body.filemountUseId, now);
  const { mount } = session;
  if (
    Number(mount.system_id) !== body.device_id ||
    Number(mount.job_id) !== body.job_id ||
    Number(mount.restore_point_id) !== body.restore_point ||
    Number(mount.appliance_id ?? 0) !== body.appliance_id ||
    (mount.drive ?? null) !== (body.drive || null)
  )
    throw new NotFoundError('This browsing session');
  return session;
}

/** POST /download/insert_download_session: check the selection, store the link, audit it. */
export async function insertDownloadSession(
  ctx: AppContext,
  actor: Actor,
  body: InsertDownload,
  ip: string,
): Promise<InsertDownloadAnswer> {
  const now = ctx.clock.now();
  const db = ctx.dbh.db;
  const { mount, system, job, ref } = await downloadSource(db, actor, body, now);
  const roots = mountRoots(mount, job);
  const caseless = system.os_type !== 'LINUX';
  const paths = [
    ...new Set(
      (Array.isArray(body.path) ? body.path : [body.path]).map((p) => checkMountPath(roots, p, caseless)),
    ),
  ];
  if (paths.some((p) => p === ''))
    throw new BadRequestError('Choose files or folders, not the whole restore point.');
  const items: ArchiveItem[] = [];
  for (const path of paths) {
    const entry = await ctx.ports.files.statFile(ref, path);
    if (!entry) throw new BadRequestError(`"${path}" is not in this restore point.`);
    items.push({ path, entry });
  }
  const files = items.filter((i) => i.entry.type === 'file').length;
  const folders = items.length - files;
  if (files !== body.files_count || folders !== body.folders_count)
    throw new BadRequestError('The counts of files and folders do not match the selection.');
  const type = body.download_type as DownloadType;
  const expected = downloadTypeFor(
    items.map((i) => i.entry),
    type === DOWNLOAD_TYPE.ZIP ? 'zip' : 'tar',
  );
  if (type !== expected)
    throw new BadRequestError(`This selection downloads as type ${expected}, not ${type} (recovery-flow 4).`);

  const first = items[0] as ArchiveItem;
  const name =
    type === DOWNLOAD_TYPE.FILE
      ? first.entry.name
      : archiveName(
          items.length === 1
            ? first.entry.name.replace(/[:\\/]/g, '')
            : `${system.name}-${stamp(Number(mount.rp_taken_at))}`,
          type,
        );
  const token = randomBytes(24).toString('base64url');
  const expires = now + DOWNLOAD_LINK_TTL_MS;
  await db.transaction().execute(async (trx) => {
    const row = await scoped(trx, actor, system)
      .insertInto('download_sessions')
      .values({
        token,
        location: mount.location,
        reseller_id: Number(mount.reseller_id),
        client_id: Number(mount.client_id),
        system_id: Number(mount.system_id),
        appliance_id: mount.appliance_id,
        job_id: Number(mount.job_id),
        restore_point_id: Number(mount.restore_point_id),
        rp_taken_at: Number(mount.rp_taken_at),
        drive: mount.drive,
        user_id: actor.userId,
        created_at: now,
        paths: JSON.stringify(paths),
        name,
        download_type: type,
        files_count: files,
        folders_count: folders,
        expires_at: expires,
        status: 'active',
        ended_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // The link really ends at its time: the expiry sweep (recovery.expiries) takes it out of the feeds.
    await audit(trx, now, {
      actor,
      action: 'recovery.download_session',
      targetType: 'download_session',
      targetId: Number(row.id),
      details: {
        system: system.name,
        restore_point_id: Number(mount.restore_point_id),
        paths,
        download_type: type,
        name,
      },
      ip,
    });
  });
  return {
    insert_result: true,
    download_url: `/download/${token}`,
    name,
    download_type: type,
    created: now,
    expired: expires,
  };
}

/** GET /download/{token}: the file or archive, or 410 once the link has expired. */
export async function openDownload(
  ctx: AppContext,
  actor: Actor,
  token: string,
): Promise<{ id: number; name: string; type: DownloadType; size: number | null; stream: Readable }> {
  const db = ctx.dbh.db;
  const row = await scoped(db, actor)
    .selectFrom('download_sessions')
    .selectAll()
    .where('token', '=', token)
    .executeTakeFirst();
  if (!row) throw new NotFoundError('This download link');
  const now = ctx.clock.now();
  if (row.status !== 'active' || Number(row.expires_at) <= now)
    throw new LinkExpiredError(Number(row.ended_at ?? row.expires_at));
  const system = await scoped(db, actor)
    .selectFrom('protected_systems')
    .selectAll()
    .where('id', '=', row.system_id)
    .executeTakeFirst();
  if (!system) throw new NotFoundError('This download link');
  const ref = pointRef({
    system,
    point: { id: row.restore_point_id, taken_at: row.rp_taken_at },
    applianceId: row.appliance_id === null ? null : Number(row.appliance_id),
  });
  const items: ArchiveItem[] = [];
  for (const path of JSON.parse(row.paths) as string[]) {
    const entry = await ctx.ports.files.statFile(ref, path);
    if (entry) items.push({ path, entry });
  }
  const type = Number(row.download_type) as DownloadType;
  const first = items[0];
  if (row.disk_format !== null) {
    // A virtual disk download: the image converted now (ftps/disk-download.ts made the link).
    if (!first) throw new NotFoundError('This disk image');
    const disk = await diskDownloadStream(
      ctx.ports.files,
      ref,
      { path: first.path, size: first.entry.size },
      path.join(ctx.config.dataDir, DISK_DOWNLOADS),
      row.disk_format,
      row.disk_export_type ?? 'dynamic',
    ).catch((err: unknown) => {
      if (err instanceof DiskConvertError) throw new ConflictError(err.message);
      throw err;
    });
    return { id: Number(row.id), name: row.name, type, size: disk.size, stream: disk.stream };
  }
  if (type === DOWNLOAD_TYPE.FILE) {
    if (!first) throw new NotFoundError('This file');
    return {
      id: Number(row.id),
      name: row.name,
      type,
      size: first.entry.size,
      stream: fileStream(ctx.ports.files, ref, first.path, first.entry.size),
    };
  }
  const stream =
    type === DOWNLOAD_TYPE.ZIP
      ? await zipStream(ctx.ports.files, ref, items)
      : await tarStreamOf(ctx.ports.files, ref, items);
  return { id: Number(row.id), name: row.name, type, size: null, stream };
}

export function contentTypeOf(type: DownloadType): string {
  if (type === DOWNLOAD_TYPE.ZIP) return 'application/zip';
  if (type === DOWNLOAD_TYPE.FILE) return 'application/octet-stream';
  return 'application/x-tar';
}
