import { applianceCalls, PLACED_SYSTEM_PAGE_SIZES } from '@lifeboat/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { route } from '../../http/route';
import { findInScope, parseId } from '../../scope';
import { applianceDetails, loadVault, vaultDetails } from './details';
import { placedSystems } from './systems-list';

// The appliance and vault pages (issue 18.8): another tenant's appliance or vault is a 404.

export function applianceRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const db = ctx.dbh.db;
  const c = applianceCalls;
  const paging = (q: { page?: number; rows?: number; search?: string }) => ({
    page: q.page ?? 1,
    rows: q.rows ?? PLACED_SYSTEM_PAGE_SIZES[0],
    search: q.search ?? '',
  });
  return async (app) => {
    route(app, c.details, ({ params, actor }) =>
      applianceDetails(db, actor, parseId(params.id, 'This appliance')),
    );
    route(app, c.systems, async ({ params, query, actor }) => {
      const a = await findInScope(
        db,
        actor,
        'appliances',
        parseId(params.id, 'This appliance'),
        'This appliance',
      );
      return placedSystems(db, actor, { appliance: Number(a.id) }, paging(query));
    });
    route(app, c.vaultDetails, ({ params, actor }) =>
      vaultDetails(db, actor, parseId(params.id, 'This vault')),
    );
    route(app, c.vaultSystems, async ({ params, query, actor }) => {
      const v = await loadVault(db, actor, parseId(params.id, 'This vault'));
      return placedSystems(db, actor, { vault: Number(v.id) }, paging(query));
    });
  };
}
