import { randomBytes } from 'node:crypto';
import {
  DOWNLOAD_LINK_TTL_MS,
  DOWNLOAD_TYPE,
  FTPS_EXPORT_TYPES,
  FTPS_FORMATS,
  type FtpsExportType,
  type FtpsFormat,
  type InsertDownloadAnswer,
} from '@lifeboat/contract';
import { audit } from '../../audit/audit';
import type { AppContext } from '../../context';
import { BadRequestError } from '../../http/errors';
import { type Actor, scoped } from '../../scope';
import { pointColumns } from '../recovery/access';
import { DISK_EXT } from './materialize';
import { checkSystemPassword } from './password-guard';
import { loadCloudPoint, loadRbSystem, pointRef } from './rb-access';

// A virtual disk as a download (issue 25.5 "offered as a download and by FTPS"; docs/decisions.md
// 'Virtual disk download'): the same checks as an FTPS disk export's start, then a download link
// (download_sessions, 7 days, in the cloud shares panel and the reports like every link) whose
// one path is the point's disk image. The conversion runs when the link is opened
// (recovery/download-service.ts), so nothing is kept on disk between the two.

export interface DiskDownloadRequest {
  machineId: number;
  restorePoint: number;
  format: string;
  exportType?: string;
  password?: string;
}

function stamp(ms: number): string {
  return new Date(ms).toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');
}

export async function startDiskDownload(
  ctx: AppContext,
  actor: Actor,
  r: DiskDownloadRequest,
  ip: string,
): Promise<InsertDownloadAnswer> {
  const db = ctx.dbh.db;
  const system = await loadRbSystem(db, actor, r.machineId);
  const point = await loadCloudPoint(db, actor, system, r.restorePoint);
  const format = r.format.toUpperCase() as FtpsFormat;
  if (!FTPS_FORMATS.includes(format))
    throw new BadRequestError(`The disk format must be one of ${FTPS_FORMATS.join(', ')}.`, {
      format: 'Unknown format.',
    });
  const exportType = (r.exportType ?? 'dynamic') as FtpsExportType;
  if (!FTPS_EXPORT_TYPES.includes(exportType))
    throw new BadRequestError(`The export type must be one of ${FTPS_EXPORT_TYPES.join(', ')}.`, {
      export_type: 'Unknown type.',
    });
  const ref = pointRef(system, point);
  // Only a source's point holds a real image; the simulator's disks are made for FTPS exports.
  const images = await ctx.ports.files.diskImages?.(ref);
  if (images === null || images === undefined)
    throw new BadRequestError('This system’s disks are exported by FTPS: choose "Virtual disk by FTPS".');
  const image = images[0];
  if (!image)
    throw new BadRequestError(
      'This restore point holds no disk image: download its files and folders instead.',
    );
  if (Number(system.password_protected)) {
    const ok = await checkSystemPassword(
      db,
      {
        systemId: Number(system.id),
        userId: actor.userId,
        hash: system.password_hash,
        password: r.password ?? '',
      },
      ctx.clock.now(),
    );
    if (!ok) throw new BadRequestError('The password is incorrect.', { password: 'Password incorrect.' });
  }
  const job = await scoped(db, actor)
    .selectFrom('restore_points')
    .select('job_id')
    .where('id', '=', point.id)
    .executeTakeFirstOrThrow();
  const now = ctx.clock.now();
  const name = `${system.name}-${stamp(Number(point.taken_at))}.${DISK_EXT[format]}`;
  const token = randomBytes(24).toString('base64url');
  const expires = now + DOWNLOAD_LINK_TTL_MS;
  await db.transaction().execute(async (trx) => {
    const row = await scoped(trx, actor, system)
      .insertInto('download_sessions')
      .values({
        ...pointColumns(system, point),
        token,
        location: 'cloud',
        appliance_id: null,
        job_id: Number(job.job_id),
        drive: null,
        user_id: actor.userId,
        created_at: now,
        paths: JSON.stringify([image.path]),
        name,
        download_type: DOWNLOAD_TYPE.FILE,
        files_count: 1,
        folders_count: 0,
        expires_at: expires,
        status: 'active',
        ended_at: null,
        disk_format: format,
        disk_export_type: exportType,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await audit(trx, now, {
      actor,
      action: 'recovery.download_session',
      targetType: 'download_session',
      targetId: Number(row.id),
      details: {
        system: system.name,
        restore_point_id: Number(point.id),
        paths: [image.path],
        format,
        export_type: exportType,
        name,
      },
      ip,
    });
  });
  return {
    insert_result: true,
    download_url: `/download/${token}`,
    name,
    download_type: DOWNLOAD_TYPE.FILE,
    created: now,
    expired: expires,
  };
}
