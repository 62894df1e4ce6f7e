import { ftpsCalls } from '@lifeboat/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { BadRequestError } from '../../http/errors';
import { route } from '../../http/route';
import { parseId } from '../../scope';
import { startDiskDownload } from './disk-download';
import { exportStatus, startExport } from './export-service';
import { discardExport, exportRecords, revealCredentials } from './feed-service';
import {
  RB_COLUMNS,
  rbBrowse,
  rbDevices,
  rbRestorePoints,
  recoveryOptions,
  verifyPsPassword,
} from './service';

// spec: recovery-flow 7 'Second tool (FTPS)' and get_available_recovery_options;
// inventory-reports-exports-security 7 (the FTPS export feed).

/** An appliance segment: 0 (every appliance, or the cloud) or an id. */
function applianceSegment(v: string): number {
  if (!/^\d{1,16}$/.test(v)) throw new BadRequestError('The appliance must be 0 or an appliance id.');
  return Number(v);
}

/** An id segment where 0 means "all". */
function idOrZero(v: string, what: string): number {
  if (v === '0') return 0;
  return parseId(v, what);
}

export function ftpsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const db = ctx.dbh.db;
  const c = ftpsCalls;
  return async (app) => {
    route(app, c.recoveryOptions, ({ params: p, actor }) =>
      recoveryOptions(ctx, actor, {
        clientId: parseId(p.clientId, 'This client'),
        applianceId: applianceSegment(p.applianceId),
        deviceId: null,
      }),
    );
    route(app, c.recoveryOptionsForDevice, ({ params: p, actor }) =>
      recoveryOptions(ctx, actor, {
        clientId: parseId(p.clientId, 'This client'),
        applianceId: applianceSegment(p.applianceId),
        deviceId: parseId(p.deviceId, 'This device'),
      }),
    );
    route(app, c.rbColumns, () => ({ columns: RB_COLUMNS }));
    route(app, c.rbDevices, async ({ params: p, actor }) => ({
      data: await rbDevices(db, actor, parseId(p.clientId, 'This client'), applianceSegment(p.applianceId)),
    }));
    route(app, c.verifyPsPassword, ({ body, actor }) =>
      verifyPsPassword(ctx, actor, body.machine_id, body.password),
    );
    route(app, c.rbRestorePoints, ({ params: p, actor }) => {
      if (!/^\d{4}$/.test(p.year)) throw new BadRequestError('The year must have four digits.');
      if (!/^\d{1,2}$/.test(p.month) || Number(p.month) < 1 || Number(p.month) > 12)
        throw new BadRequestError('The month must be between 1 and 12.');
      return rbRestorePoints(db, actor, {
        machineId: parseId(p.machineId, 'This device'),
        year: Number(p.year),
        month: Number(p.month),
      });
    });
    route(app, c.rbBrowse, ({ params: p, query, actor }) =>
      rbBrowse(ctx, actor, {
        machineId: parseId(p.machineId, 'This device'),
        restorePoint: parseId(p.restorePoint, 'This restore point'),
        path: query.path,
      }),
    );
    for (const call of [c.start, c.startWithType]) {
      route(app, call, ({ params: p, body, actor, req }) =>
        startExport(
          ctx,
          actor,
          {
            machineId: parseId(p.machineId, 'This device'),
            restorePoint: parseId(p.restorePoint, 'This restore point'),
            type: p.type,
            format: p.format,
            exportType: 'exportType' in p ? p.exportType : null,
            paths: body.paths,
            password: body.password,
          },
          req.ip,
        ),
      );
    }
    route(app, c.diskDownload, ({ params: p, body, actor, req }) =>
      startDiskDownload(
        ctx,
        actor,
        {
          machineId: parseId(p.machineId, 'This device'),
          restorePoint: parseId(p.restorePoint, 'This restore point'),
          format: body.format,
          exportType: body.export_type,
          password: body.password,
        },
        req.ip,
      ),
    );
    route(app, c.status, ({ params, actor }) => exportStatus(db, actor, params.uuid));
    route(app, c.credentials, ({ body, actor, req }) =>
      revealCredentials(ctx, actor, body.export_id, body.password, req.ip),
    );
    for (const [call, type] of [
      [c.ffrRecords, 'ffr'],
      [c.diskRecords, 'disk'],
    ] as const) {
      route(app, call, async ({ params: p, actor }) => ({
        records: await exportRecords(db, actor, {
          resellerId: parseId(p.resellerId, 'This reseller'),
          clientId: idOrZero(p.clientId, 'This client'),
          type,
          now: ctx.clock.now(),
        }),
      }));
    }
    route(app, c.discard, ({ params, actor, req }) =>
      discardExport(ctx, actor, parseId(params.id, 'This export'), req.ip),
    );
  };
}
