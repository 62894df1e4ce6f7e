import {
  INVENTORY_TYPES,
  inventoryAnswer,
  inventoryDownloadQuery,
  inventoryListQuery,
  inventoryPage,
  inventoryScopeQuery,
  VM_ACTIONS,
  vmActionAnswer,
  vmActionBody,
} from '@lifeboat/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { actorOf } from '../../http/auth';
import { parseId } from '../../scope';
import { inventoryCsv } from './csv';
import { resolveScope } from './scope-filter';
import { inventorySummary, inventoryPage as page } from './service';
import { startVmAction } from './vm-service';

// The device inventory's calls (spec: inventory-reports-exports-security 2, 3, 7; the list and
// action paths the spec leaves to page data are in docs/decisions.md 'Inventory').
export function inventoryRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/devices/inventory',
      { schema: { querystring: inventoryScopeQuery, response: { 200: inventoryAnswer } } },
      async (req) => inventorySummary(ctx, actorOf(req), req.query),
    );

    app.get(
      '/devices/inventory/:type',
      {
        schema: {
          params: z.object({ type: z.enum(INVENTORY_TYPES) }),
          querystring: inventoryListQuery,
          response: { 200: inventoryPage },
        },
      },
      async (req) => page(ctx, actorOf(req), req.params.type, req.query),
    );

    // spec: inventory 2, virtualized rows come from /device/device_summary/1 and vault-virtualized
    // rows from /device/vault_virtualized_device_summary (same paging and filters as the others).
    app.get(
      '/device/device_summary/1',
      { schema: { querystring: inventoryListQuery, response: { 200: inventoryPage } } },
      async (req) => page(ctx, actorOf(req), 'VIRTUALIZED', req.query),
    );
    app.get(
      '/device/vault_virtualized_device_summary',
      { schema: { querystring: inventoryListQuery, response: { 200: inventoryPage } } },
      async (req) => page(ctx, actorOf(req), 'VAULT_VIRTUALIZED', req.query),
    );

    app.post(
      '/devices/:action',
      {
        schema: {
          params: z.object({ action: z.enum(VM_ACTIONS) }),
          body: vmActionBody,
          response: { 200: vmActionAnswer },
        },
      },
      async (req) => {
        const id = parseId(req.body.id, 'This device');
        return startVmAction(ctx, actorOf(req), id, req.params.action, req.ip);
      },
    );

    // spec: dashboard-device-azure 2.1, /devices/download?reseller_id={id}&type=PROTECTED. A
    // download is a navigation: the session cookie alone, and it changes nothing.
    app.get(
      '/devices/download',
      { config: { navigation: true }, schema: { querystring: inventoryDownloadQuery } },
      async (req, reply) => {
        const { type, ...filter } = req.query;
        const scope = await resolveScope(ctx.dbh.db, actorOf(req), filter);
        const name = `devices-${type.toLowerCase()}${filter.reseller_id ? `-${filter.reseller_id}` : ''}.csv`;
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${name}"`)
          .header('cache-control', 'no-store');
        return reply.send(inventoryCsv(ctx.dbh.db, scope, type));
      },
    );
  };
}
