import { randomBytes, randomUUID } from 'node:crypto';
import {
  FTPS_EXPORT_TYPES,
  FTPS_FORMATS,
  type FtpsStatusAnswer,
  RB_INELIGIBLE_TEXT,
  rbIneligibility,
} from '@lifeboat/contract';
import { audit } from '../../audit/audit';
import type { AppContext } from '../../context';
import { BadRequestError, NotFoundError } from '../../http/errors';
import { enqueueForRow } from '../../operations/for-row';
import { type Actor, scoped } from '../../scope';
import { pointColumns } from '../recovery/access';
import { FTPS_EXPORT } from './handlers';
import { ExportTooLargeError, measureSelection } from './materialize';
import { checkSystemPassword } from './password-guard';
import { type Db, latestCloudPoint, loadCloudPoint, loadRbSystem, pointRef } from './rb-access';
import { seal } from './secret-box';

// Start an FTPS export and follow it (spec: recovery-flow 4 'FTPS export', 7 start and get_status):
// the export is a row and an operation (handlers.ts); get_status never carries secrets.

export interface StartRequest {
  machineId: number;
  restorePoint: number;
  type: string;
  format: string;
  exportType: string | null;
  paths: string[];
  password?: string;
}

export async function startExport(ctx: AppContext, actor: Actor, r: StartRequest, ip: string) {
  const db = ctx.dbh.db;
  const system = await loadRbSystem(db, actor, r.machineId);
  const point = await loadCloudPoint(db, actor, system, r.restorePoint);
  if (r.type !== 'ffr' && r.type !== 'disk')
    throw new BadRequestError('The export type must be ffr or disk.');
  const disk = r.type === 'disk';
  const format = r.format.toUpperCase();
  if (disk && !(FTPS_FORMATS as readonly string[]).includes(format))
    throw new BadRequestError(`The disk format must be one of ${FTPS_FORMATS.join(', ')}.`);
  if (r.exportType !== null && !(FTPS_EXPORT_TYPES as readonly string[]).includes(r.exportType))
    throw new BadRequestError(`The export type must be one of ${FTPS_EXPORT_TYPES.join(', ')}.`);
  const latest = await latestCloudPoint(db, actor, Number(system.id));
  const why = rbIneligibility({ systemOsType: system.os_type, ftpsAllowed: latest !== null }, disk);
  if (why) throw new BadRequestError(RB_INELIGIBLE_TEXT[why]);
  const paths = [...new Set(r.paths)];
  // A point of a real source (restic) exports a disk only from a disk image it holds.
  const images = disk ? await ctx.ports.files.diskImages?.(pointRef(system, point)) : null;
  if (images && images.length === 0)
    throw new BadRequestError(
      'This restore point holds no disk image: export its files and folders instead.',
    );
  if (!disk) {
    if (paths.length === 0)
      throw new BadRequestError('Choose at least one folder or file to export.', { paths: 'Required.' });
    const ref = pointRef(system, point);
    for (const p of paths) {
      if (!(await ctx.ports.files.statFile(ref, p)))
        throw new BadRequestError(`"${p}" is not in this restore point.`, { paths: 'Unknown path.' });
    }
    // The export's limits, checked here so the wizard says so at once (materialize.ts).
    try {
      await measureSelection(ctx, ref, paths);
    } catch (err) {
      if (err instanceof ExportTooLargeError) throw new BadRequestError(err.message, { paths: 'Too large.' });
      throw err;
    }
  }
  if (Number(system.password_protected)) {
    const ok = await checkSystemPassword(
      ctx.dbh.db,
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

  const now = ctx.clock.now();
  const uuid = randomUUID();
  const stamp = new Date(Number(point.taken_at)).toISOString().slice(0, 16).replace('T', ' ');
  const name = disk ? `${system.name} ${format} disk, ${stamp} UTC` : `${system.name} files, ${stamp} UTC`;
  await db.transaction().execute(async (trx) => {
    const inserted = await scoped(trx, actor, system)
      .insertInto('ftps_exports')
      .values({
        uuid,
        ...pointColumns(system, point),
        type: disk ? 'disk' : 'ffr',
        format: disk ? (format as 'VHD' | 'VHDX' | 'VMDK') : null,
        export_type: disk ? (r.exportType ?? 'fixed') : null,
        paths: JSON.stringify(disk ? [] : paths),
        name,
        status: 'running',
        login: `lb-${randomBytes(6).toString('hex')}`,
        password_enc: seal(ctx.config.secretKey, randomBytes(12).toString('base64url')),
        password_protected: Number(system.password_protected) ? 1 : 0,
        expiration_days: ctx.config.ftpsExpirationDays,
        user_id: actor.userId,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = Number(inserted.id);
    await enqueueForRow(ctx.operations, trx, actor, 'ftps_exports', {
      kind: FTPS_EXPORT,
      input: { id },
      resellerId: Number(system.reseller_id),
      clientId: Number(system.client_id),
      subjectType: 'ftps_export',
      subjectId: id,
      createdBy: actor.userId,
    });
    await audit(trx, now, {
      actor,
      action: 'ftps.export.start',
      targetType: 'ftps_export',
      targetId: id,
      details: {
        system_id: Number(system.id),
        restore_point_id: Number(point.id),
        type: r.type,
        format: disk ? format : null,
        paths,
      },
      ip,
    });
  });
  ctx.operations.wake();
  return { export_uuid: uuid };
}

export async function exportStatus(db: Db, actor: Actor, uuid: string): Promise<FtpsStatusAnswer> {
  const row = await scoped(db, actor)
    .selectFrom('ftps_exports')
    .select(['id', 'status', 'rp_in_use', 'error', 'operation_id'])
    .where('uuid', '=', uuid)
    .executeTakeFirst();
  if (!row) throw new NotFoundError('This export');
  const base = { export_id: Number(row.id), rpInUseError: false, isRecoverError: false, error: null };
  if (row.status === 'running') {
    const op =
      row.operation_id === null
        ? undefined
        : await scoped(db, actor)
            .selectFrom('operations')
            .select(['progress', 'step'])
            .where('id', '=', row.operation_id)
            .executeTakeFirst();
    return { ...base, status: 'RUNNING', percent: Number(op?.progress ?? 0), step: op?.step ?? null };
  }
  if (row.status === 'failed') {
    const inUse = Number(row.rp_in_use) === 1;
    return {
      ...base,
      status: 'ERROR',
      percent: 0,
      step: null,
      rpInUseError: inUse,
      isRecoverError: !inUse,
      error: row.error ?? 'The export could not be completed.',
    };
  }
  return { ...base, status: 'COMPLETED', percent: 100, step: 'Export ready' };
}
