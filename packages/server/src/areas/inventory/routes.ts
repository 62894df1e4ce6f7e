import { inventoryCalls } from '@lifeboat/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { route } from '../../http/route';
import { parseId } from '../../scope';
import { inventoryCsv } from './csv';
import { resolveScope } from './scope-filter';
import { inventorySummary, inventoryPage as page } from './service';
import { startVmAction } from './vm-service';

// The device inventory's calls (spec: inventory-reports-exports-security 2, 3, 7; the list and
// action paths the spec leaves to page data are in docs/decisions.md 'Inventory').
export function inventoryRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const c = inventoryCalls;
  return async (app) => {
    route(app, c.summary, ({ query, actor }) => inventorySummary(ctx, actor, query));

    route(app, c.list, ({ params, query, actor }) => page(ctx, actor, params.type, query));

    // spec: inventory 2, virtualized rows come from /device/device_summary/1 and vault-virtualized
    // rows from /device/vault_virtualized_device_summary (same paging and filters as the others).
    route(app, c.virtualized, ({ query, actor }) => page(ctx, actor, 'VIRTUALIZED', query));
    route(app, c.vaultVirtualized, ({ query, actor }) => page(ctx, actor, 'VAULT_VIRTUALIZED', query));

    route(app, c.vmAction, ({ params, body, actor, req }) =>
      startVmAction(ctx, actor, parseId(body.id, 'This device'), params.action, req.ip),
    );

    // spec: dashboard-device-azure 2.1, /devices/download?reseller_id={id}&type=PROTECTED. A
    // download is a navigation: the session cookie alone, and it changes nothing.
    route(app, c.download, async ({ query, actor, reply }) => {
      const { type, ...filter } = query;
      const scope = await resolveScope(ctx.dbh.db, actor, filter);
      const name = `devices-${type.toLowerCase()}${filter.reseller_id ? `-${filter.reseller_id}` : ''}.csv`;
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store');
      return reply.send(inventoryCsv(ctx.dbh.db, scope, type));
    });
  };
}
