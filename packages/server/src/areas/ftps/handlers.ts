import { FabricError, type FtpsExportType, type FtpsFormat } from '@lifeboat/contract';
import type { Database } from '@lifeboat/db';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context';
import type { HandlerFor } from '../../operations/types';
import { unscoped } from '../../scope';
import { convertDiskImage, DiskConvertError } from './disk-convert';
import { exportDir } from './ftps-server';
import { copyPaths, ExportTooLargeError, publish, removeHome, writeDisk } from './materialize';

// Operations of the ftps area (operations/README.md 'Kinds'):
// - ftps.export: the fabric stages the export (faults: appliance_offline, rp_in_use, ftps_failed),
//   then the console writes the home folder of its FTPS user and opens it for expirationDays;
// - ftps.discard: remove a discarded export's folder and its FTPS user;
// - ftps.expiries, a schedule: the same for exports whose days are over.

export const FTPS_EXPORT = 'ftps.export';
export const FTPS_DISCARD = 'ftps.discard';
export const FTPS_EXPIRIES = 'ftps.expiries';
export const FTPS_SWEEP_MS = 60_000;
const DAY = 86_400_000;
const WHY = 'the FTPS workers run exports of every tenant';

async function loadExport(db: Kysely<Database>, id: number) {
  return unscoped(db, WHY)
    .selectFrom('ftps_exports as e')
    .innerJoin('protected_systems as s', 's.id', 'e.system_id')
    .innerJoin('restore_points as p', 'p.id', 'e.restore_point_id')
    .select([
      'e.id',
      'e.status',
      'e.type',
      'e.format',
      'e.export_type',
      'e.paths',
      'e.login',
      'e.expiration_days',
      'e.system_id',
      'e.restore_point_id',
      's.name as system_name',
      's.appliance_id',
      's.seed',
      's.os_type',
      's.device_type',
      's.hostname',
      's.source_id',
      'p.taken_at',
      'p.in_use',
    ])
    .where('e.id', '=', id)
    .executeTakeFirst();
}

export function ftpsExportHandler(
  ctx: Pick<AppContext, 'dbh' | 'ports' | 'config'>,
): HandlerFor<typeof FTPS_EXPORT> {
  return async ({ input, progress, complete, clock, signal }) => {
    const db = ctx.dbh.db;
    const e = await loadExport(db, input.id);
    if (e?.status !== 'running') return { skipped: 'not running' };
    const point = {
      systemId: Number(e.system_id),
      applianceId: null,
      restorePointId: Number(e.restore_point_id),
      takenAt: Number(e.taken_at),
      seed: Number(e.seed),
      osType: e.os_type,
      deviceType: e.device_type,
      hostname: e.hostname,
      sourceId: e.source_id === null ? null : Number(e.source_id),
    };
    const format = (e.format ?? 'VHDX') as FtpsFormat;
    const fail = (message: string, rpInUse: boolean) =>
      complete(async (trx) => {
        await unscoped(trx, WHY)
          .updateTable('ftps_exports')
          .set({ status: 'failed', error: message, rp_in_use: rpInUse ? 1 : 0, ended_at: clock.now() })
          .where('id', '=', e.id)
          .where('status', '=', 'running')
          .execute();
        return { status: 'failed' as const, error: message };
      });
    if (Number(e.in_use) === 1)
      return fail(
        'The restore point is in use by another recovery. Finish or end that recovery, then try again.',
        true,
      );

    let outcome: Awaited<ReturnType<typeof ctx.ports.ftps.runExport>>;
    try {
      outcome = await ctx.ports.ftps.runExport(
        {
          exportId: Number(e.id),
          systemName: e.system_name,
          point,
          applianceId: e.appliance_id === null ? null : Number(e.appliance_id),
          type: e.type === 'disk' ? 'disk' : 'files',
          format: e.type === 'disk' ? format : null,
        },
        // The fabric's staging is the first 80 %; writing the home folder the rest.
        {
          report: (pct, step) =>
            progress(Math.min(80, pct * 0.8), step === 'Export ready' ? undefined : (step as never)),
        },
      );
    } catch (err) {
      if (!(err instanceof FabricError)) throw err;
      return fail(err.message, err.code === 'RP_IN_USE');
    }

    const home = exportDir(ctx, Number(e.id));
    const staging = `${home}.staging`;
    await removeHome(staging);
    let size: number;
    try {
      if (e.type === 'disk') {
        await progress(85, `Writing the ${format} image`);
        const name = e.system_name.replace(/[^A-Za-z0-9._-]/g, '_');
        const exportType = (e.export_type ?? 'fixed') as FtpsExportType;
        // A source with real disk images (restic) has them converted; the simulator's are written.
        const images = await ctx.ports.files.diskImages?.(point);
        if (images && images.length === 0)
          throw new DiskConvertError(
            'This restore point holds no disk image: export its files and folders instead.',
          );
        size = images?.[0]
          ? await convertDiskImage(
              ctx.ports.files,
              point,
              images[0],
              staging,
              name,
              format,
              exportType,
              signal,
            )
          : await writeDisk(staging, name, format, outcome.sizeBytes, exportType);
      } else {
        const paths = JSON.parse(e.paths) as string[];
        let last = 0;
        size = await copyPaths(ctx, point, paths, staging, signal, async (bytes) => {
          // Progress at most every 16 MB: the lease is renewed with it.
          if (bytes - last < 16 * 1024 * 1024) return;
          last = bytes;
          await progress(90, 'Copying the files');
        });
      }
    } catch (err) {
      await removeHome(staging);
      if (err instanceof ExportTooLargeError || err instanceof DiskConvertError)
        return fail(err.message, false);
      // The source could not be read meanwhile (a snapshot forgotten halfway): its sentence.
      if (err instanceof FabricError) return fail(err.message, false);
      throw err;
    }
    await publish(staging, home);
    await progress(99, 'Export ready');
    return complete(async (trx) => {
      const now = clock.now();
      await unscoped(trx, WHY)
        .updateTable('ftps_exports')
        .set({
          status: 'ready',
          size_bytes: size,
          ready_at: now,
          expires_at: now + Number(e.expiration_days) * DAY,
        })
        .where('id', '=', e.id)
        .where('status', '=', 'running')
        .execute();
      return { status: 'ready' as const, size_bytes: size };
    });
  };
}

/** Remove an export's files and its FTPS user. */
async function removeExport(ctx: Pick<AppContext, 'ports' | 'config'>, id: number, login: string) {
  await removeHome(exportDir(ctx, id));
  await removeHome(`${exportDir(ctx, id)}.staging`);
  await ctx.ports.ftps.removeExport({ exportId: id, login });
}

export function ftpsDiscardHandler(
  ctx: Pick<AppContext, 'dbh' | 'ports' | 'config'>,
): HandlerFor<typeof FTPS_DISCARD> {
  return async ({ input, complete, clock }) => {
    const row = await unscoped(ctx.dbh.db, WHY)
      .selectFrom('ftps_exports')
      .select(['id', 'status', 'login'])
      .where('id', '=', input.id)
      .executeTakeFirst();
    if (row?.status !== 'discarding') return { skipped: 'not discarding' };
    await removeExport(ctx, Number(row.id), row.login);
    return complete(async (trx) => {
      await unscoped(trx, WHY)
        .updateTable('ftps_exports')
        .set({ status: 'discarded', ended_at: clock.now() })
        .where('id', '=', row.id)
        .where('status', '=', 'discarding')
        .execute();
      return { status: 'discarded' as const };
    });
  };
}

export function ftpsExpiriesHandler(
  ctx: Pick<AppContext, 'dbh' | 'ports' | 'config' | 'operations'>,
): HandlerFor<typeof FTPS_EXPIRIES> {
  return async ({ clock, signal }) => {
    const now = clock.now();
    const due = await unscoped(ctx.dbh.db, WHY)
      .selectFrom('ftps_exports')
      .select(['id', 'login'])
      .where('status', '=', 'ready')
      .where('expires_at', '<=', now)
      .limit(100)
      .execute();
    let expired = 0;
    for (const row of due) {
      if (signal.aborted) break;
      try {
        await removeExport(ctx, Number(row.id), row.login);
        const res = await unscoped(ctx.dbh.db, WHY)
          .updateTable('ftps_exports')
          .set({ status: 'expired', ended_at: now })
          .where('id', '=', row.id)
          .where('status', '=', 'ready')
          .executeTakeFirst();
        expired += Number(res.numUpdatedRows);
      } catch (err) {
        ctx.operations.log.warn(
          { err, exportId: Number(row.id) },
          'FTPS export could not be removed at its expiry',
        );
      }
    }
    return { expired };
  };
}

export function registerFtpsHandlers(ctx: AppContext): void {
  ctx.operations.register(FTPS_EXPORT, ftpsExportHandler(ctx));
  ctx.operations.register(FTPS_DISCARD, ftpsDiscardHandler(ctx));
  ctx.operations.register(FTPS_EXPIRIES, ftpsExpiriesHandler(ctx));
  ctx.operations.every({ key: FTPS_EXPIRIES, kind: FTPS_EXPIRIES, input: {}, everyMs: FTPS_SWEEP_MS });
}
