import {
  DASHBOARD_TABLES,
  type DashboardOwner,
  type DashboardTable,
  dashboardCalls,
  refreshRateMinutes,
} from '@lifeboat/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { audit } from '../../audit/audit';
import type { AppContext } from '../../context';
import { BadRequestError, ForbiddenError } from '../../http/errors';
import { route } from '../../http/route';
import { type Actor, findInScope, ownLogin, parseId, scoped } from '../../scope';
import { listInstallers, openInstaller } from './agents';
import { appliancesTable, vaultsTable } from './entity-tables';
import { collapsibleFeeds } from './feeds';
import { type Owner, resolveOwner } from './owner';
import { filterValues, pageData } from './page-data';
import { protectedSystemsTable } from './ps-table';
import { atAGlance, clientHealth, healthHistory, quickActions } from './summary';
import { countTable } from './table-count';
import { parseTableQuery, type TableQuery } from './table-input';
import { thumbnail } from './thumbnail';

// spec: dashboard-device-azure 7 'Dashboard'. Every call resolves its reseller (or client)
// through the actor's scope first: another organisation's id is a 404.

const OWNERS: DashboardOwner[] = ['reseller', 'client'];

export function dashboardRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const c = dashboardCalls;
    const owner = (actor: Actor, kind: DashboardOwner, id: string) =>
      resolveOwner(
        ctx.dbh.db,
        actor,
        kind,
        parseId(id, kind === 'reseller' ? 'This reseller' : 'This client'),
      );

    const runTable = (table: DashboardTable, o: Owner, q: TableQuery) =>
      table === 'protected_systems'
        ? protectedSystemsTable(ctx, o, q)
        : table === 'appliances'
          ? appliancesTable(ctx, o, q)
          : vaultsTable(ctx, o, q);

    for (const kind of OWNERS) {
      const calls = c.owner[kind];
      route(app, calls.pageData, async ({ params, actor }) =>
        pageData(ctx, await owner(actor, kind, params.id), actor),
      );
      for (const table of DASHBOARD_TABLES) {
        route(app, calls.table[table], async ({ params, body, actor }) => {
          const o = await owner(actor, kind, params.id);
          const q = parseTableQuery(kind, table, params.page, params.rows, body);
          // The answer's schema is the table's row schema; the union of the three is not narrowed.
          return (await runTable(table, o, q)) as never;
        });
        route(app, calls.count[table], async ({ params, actor }) =>
          countTable(ctx, await owner(actor, kind, params.id), table),
        );
        route(app, calls.filterValues[table], async ({ params, actor }) =>
          filterValues(ctx, await owner(actor, kind, params.id), table, params.key),
        );
      }
    }

    route(app, c.quickActions, async ({ params, actor }) =>
      quickActions(await owner(actor, 'reseller', params.id), actor),
    );
    route(app, c.atAGlance, async ({ params, actor }) =>
      atAGlance(ctx, await owner(actor, 'reseller', params.id), actor),
    );
    route(app, c.clientHealth, async ({ params, actor }) =>
      clientHealth(ctx, await owner(actor, 'reseller', params.id)),
    );
    route(app, c.healthHistory, async ({ params, actor }) =>
      healthHistory(ctx, await owner(actor, 'reseller', params.id)),
    );
    route(app, c.feeds, async ({ params, actor, reply }) => {
      const html = await collapsibleFeeds(ctx, await owner(actor, 'reseller', params.id));
      return reply.type('text/html; charset=utf-8').send(html);
    });

    // An <img> source: the browser sends no custom headers, so only the SameSite cookie.
    route(app, c.psThumbnail, async ({ params, actor, reply }) => {
      const resellerId = parseId(params.id, 'This thumbnail');
      const sys = await findInScope(
        ctx.dbh.db,
        actor,
        'protected_systems',
        parseId(params.psId, 'This thumbnail'),
        'This thumbnail',
      );
      const png = await thumbnail(ctx, actor, sys, resellerId, params.lastRp);
      return reply.type('image/png').header('cache-control', 'private, max-age=86400, immutable').send(png);
    });

    route(app, c.updateRefreshRate, async ({ params, actor }) => {
      const parsed = refreshRateMinutes.safeParse(params.minutes);
      if (!parsed.success) {
        throw new BadRequestError('The refresh rate must be 5, 15 or 60 minutes.', {
          minutes: 'Use 5, 15 or 60.',
        });
      }
      await scoped(ctx.dbh.db, actor)
        .within(ownLogin(actor))
        .updateTable('users')
        .set({ refresh_rate_minutes: parsed.data })
        .execute();
      return { success: true, refresh_period: parsed.data };
    });

    route(app, c.agentInstallers, async ({ params, actor }) => {
      const o = await owner(actor, 'reseller', params.id);
      if (o.row.can_download_agent !== 1)
        throw new ForbiddenError('Downloading the agent is not enabled for this reseller.');
      return listInstallers(ctx.config.agentDir, o.resellerId, actor.rights.has('manage_platform'));
    });
    route(app, c.downloadAgent, async ({ params, actor, req, reply }) => {
      const o = await owner(actor, 'reseller', params.id);
      if (o.row.can_download_agent !== 1)
        throw new ForbiddenError('Downloading the agent is not enabled for this reseller.');
      const file = await openInstaller(ctx.config.agentDir, params.file);
      await audit(ctx.dbh.db, ctx.clock.now(), {
        actor,
        action: 'agent.download',
        targetType: 'reseller',
        targetId: o.resellerId,
        details: { file: file.file_name },
        ip: req.ip,
      });
      return reply
        .type('application/octet-stream')
        .header('content-length', String(file.size_bytes))
        .header('content-disposition', `attachment; filename="${file.file_name.replace(/["\\\r\n]/g, '_')}"`)
        .send(file.stream);
    });
  };
}
