import { virtualizationCalls as c } from '@lifeboat/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { audit } from '../../audit/audit';
import type { AppContext } from '../../context';
import { BadRequestError } from '../../http/errors';
import { route } from '../../http/route';
import { parseId } from '../../scope';
import { inventoryPage } from '../inventory/service';
import {
  capabilities,
  checkFormat,
  createStart,
  diskFromFailover,
  diskImageOf,
  exportDevices,
  isVmRunning,
  locations,
  virtualizedState,
  vmScreenshot,
} from './service';
import { applianceOfSystem } from './subject';

// spec: recovery-flow 7 'Discovery' and 'Virtual machine and failover'.

/** "{applianceId or 0}" */
const applianceOrZero = (raw: string) => (raw === '0' ? 0 : parseId(raw, 'This appliance'));

export function virtualizationRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const db = ctx.dbh.db;
  return async (app) => {
    route(app, c.locations, ({ params: p, actor }) =>
      locations(ctx, actor, parseId(p.clientId, 'This client'), applianceOrZero(p.applianceId), null),
    );
    route(app, c.deviceLocations, ({ params: p, actor }) =>
      locations(
        ctx,
        actor,
        parseId(p.clientId, 'This client'),
        applianceOrZero(p.applianceId),
        parseId(p.deviceId, 'This device'),
      ),
    );
    for (const call of [c.exportDevices, c.exportDevicesFlagged])
      route(app, call, ({ params: p, actor }) => {
        checkFormat(p.format);
        if ('flag' in p && p.flag !== '1') throw new BadRequestError('The trailing flag can only be 1.');
        return exportDevices(db, actor, parseId(p.clientId, 'This client'), applianceOrZero(p.applianceId));
      });
    route(app, c.virtualizedState, ({ body, actor }) =>
      virtualizedState(ctx, actor, body.aid, body.device_id),
    );
    route(app, c.diskFromFailover, ({ body, actor }) =>
      diskFromFailover(ctx, actor, body.aid, body.device_id),
    );
    route(app, c.capabilities, ({ body, actor }) => capabilities(ctx, actor, body.aid, body.schedule_asid));
    route(app, c.createStart, async ({ body, actor, req }) =>
      createStart(
        ctx,
        actor,
        { ...body, aid: body.aid ?? (await applianceOfSystem(db, actor, body.sid)) },
        req.ip,
      ),
    );
    // spec: recovery-flow 7, browseLocalVms lists the client's VIRTUALIZED rows; `filter` is the
    // name search, `startable` keeps the rows a VM can be started of, `flowType` is not used.
    route(app, c.inventoryData, async ({ params, body, actor }) => {
      const page = await inventoryPage(ctx, actor, params.type, {
        client_id: parseId(params.clientId, 'This client'),
        search: body.filter || undefined,
      });
      const startable = body.startable === true || body.startable === 1;
      return startable ? { ...page, rows: page.rows.filter((r) => r.actions.includes('start_vm')) } : page;
    });
    route(app, c.isVmRunning, ({ body, actor }) => isVmRunning(ctx, actor, body.aid, body.device_id));
    // Loaded by an <img> of the inventory's virtualized row; a new run is a new picture.
    route(app, c.vmScreenshot, async ({ params, actor, reply }) => {
      const png = await vmScreenshot(ctx, actor, parseId(params.deviceId, 'This device'));
      reply.header('content-type', 'image/png').header('cache-control', 'private, no-cache');
      return reply.send(png);
    });

    // Opened by the browser (a download link): the sparse image in the share's format.
    route(app, c.diskImage, async ({ params, actor, req, reply }) => {
      const { share, system, image } = await diskImageOf(ctx, actor, parseId(params.shareId, 'This share'));
      await audit(db, ctx.clock.now(), {
        actor,
        action: 'virtualization.disk_download',
        targetType: 'cifs_share',
        targetId: Number(share.id),
        details: { name: system.name, file: image.fileName, size_bytes: image.sizeBytes },
        ip: req.ip,
      });
      reply.header('content-type', 'application/octet-stream');
      reply.header(
        'content-disposition',
        `attachment; filename*=UTF-8''${encodeURIComponent(image.fileName)}`,
      );
      reply.header('cache-control', 'no-store');
      reply.header('content-length', String(image.bytes.length));
      return reply.send(Buffer.from(image.bytes.buffer, image.bytes.byteOffset, image.bytes.length));
    });
  };
}
