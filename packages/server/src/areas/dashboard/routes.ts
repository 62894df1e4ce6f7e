import {
  DASHBOARD_TABLES,
  type DashboardOwner,
  type DashboardTable,
  dashboardTableBody,
  refreshRateMinutes,
} from '@lifeboat/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { audit } from '../../audit/audit';
import type { AppContext } from '../../context';
import { actorOf } from '../../http/auth';
import { BadRequestError, ForbiddenError } from '../../http/errors';
import { findInScope, parseId } from '../../scope';
import { listInstallers, openInstaller } from './agents';
import { appliancesTable, vaultsTable } from './entity-tables';
import { collapsibleFeeds } from './feeds';
import { resolveOwner } from './owner';
import { filterValues, pageData } from './page-data';
import { protectedSystemsTable } from './ps-table';
import { atAGlance, clientHealth, healthHistory, quickActions } from './summary';
import { countTable } from './table-count';
import { parseTableQuery } from './table-input';
import { thumbnail } from './thumbnail';

// spec: dashboard-device-azure 7 'Dashboard'. Every call resolves its reseller (or client)
// through the actor's scope first: another organisation's id is a 404.

const idParams = z.object({ id: z.string().max(32) });
const tableParams = z.object({ id: z.string().max(32), page: z.string().max(16), rows: z.string().max(16) });
const OWNERS: DashboardOwner[] = ['reseller', 'client'];

export function dashboardRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const owner = (req: { params: { id: string } }, kind: DashboardOwner, actor = actorOf(req as never)) =>
      resolveOwner(
        ctx.dbh.db,
        actor,
        kind,
        parseId(req.params.id, kind === 'reseller' ? 'This reseller' : 'This client'),
      );

    for (const kind of OWNERS) {
      app.get(`/${kind}/get_dashboard_page_data/:id`, { schema: { params: idParams } }, async (req) =>
        pageData(ctx, await owner(req, kind, actorOf(req)), actorOf(req)),
      );
      for (const table of DASHBOARD_TABLES) {
        app.post(
          `/${kind}/dashboard/${table}/:id/:page/:rows`,
          { schema: { params: tableParams, body: dashboardTableBody } },
          async (req) => {
            const o = await owner(req, kind, actorOf(req));
            const q = parseTableQuery(kind, table, req.params.page, req.params.rows, req.body);
            return runTable(table, o, q);
          },
        );
        app.get(`/${kind}/dashboard/${table}/count/:id`, { schema: { params: idParams } }, async (req) =>
          countTable(ctx, await owner(req, kind, actorOf(req)), table),
        );
        app.get(
          `/${kind}/dashboard/filter_values/${table}/:key/:id`,
          { schema: { params: z.object({ id: z.string().max(32), key: z.string().max(64) }) } },
          async (req, reply) => {
            const json = await filterValues(ctx, await owner(req, kind, actorOf(req)), table, req.params.key);
            return reply.type('application/json; charset=utf-8').send(json);
          },
        );
      }
    }

    const runTable = (
      table: DashboardTable,
      o: Awaited<ReturnType<typeof owner>>,
      q: Parameters<typeof vaultsTable>[2],
    ) =>
      table === 'protected_systems'
        ? protectedSystemsTable(ctx, o, q)
        : table === 'appliances'
          ? appliancesTable(ctx, o, q)
          : vaultsTable(ctx, o, q);

    app.get('/reseller/get_quick_actions_data/:id', { schema: { params: idParams } }, async (req) =>
      quickActions(await owner(req, 'reseller'), actorOf(req)),
    );
    app.get(
      '/reseller/get_organization_at_a_glance_data/:id',
      { schema: { params: idParams } },
      async (req) => atAGlance(ctx, await owner(req, 'reseller'), actorOf(req)),
    );
    app.get('/reseller/get_current_client_health/:id', { schema: { params: idParams } }, async (req) =>
      clientHealth(ctx, await owner(req, 'reseller')),
    );
    app.get(
      '/reseller/get_protected_system_health_history/:id',
      { schema: { params: idParams } },
      async (req) => healthHistory(ctx, await owner(req, 'reseller')),
    );
    app.get('/reseller/get_collapsible_feeds/:id', { schema: { params: idParams } }, async (req, reply) => {
      const html = await collapsibleFeeds(ctx, await owner(req, 'reseller'));
      return reply.type('text/html; charset=utf-8').send(html);
    });

    // An <img> source: the browser sends no custom headers, so only the SameSite cookie.
    app.get(
      '/reseller/get_ps_autoverify_thumbnail/:id/:psId/:lastRp',
      {
        config: { navigation: true },
        schema: {
          params: z.object({ id: z.string().max(32), psId: z.string().max(32), lastRp: z.string().max(32) }),
        },
      },
      async (req, reply) => {
        const actor = actorOf(req);
        const resellerId = parseId(req.params.id, 'This thumbnail');
        const sys = await findInScope(
          ctx.dbh.db,
          actor,
          'protected_systems',
          parseId(req.params.psId, 'This thumbnail'),
          'This thumbnail',
        );
        const png = await thumbnail(ctx, sys, resellerId, req.params.lastRp);
        return reply.type('image/png').header('cache-control', 'private, max-age=86400, immutable').send(png);
      },
    );

    app.post('/reseller/update_user_refresh_rate/:minutes', async (req) => {
      const actor = actorOf(req);
      const parsed = refreshRateMinutes.safeParse((req.params as { minutes: string }).minutes);
      if (!parsed.success) {
        throw new BadRequestError('The refresh rate must be 5, 15 or 60 minutes.', {
          minutes: 'Use 5, 15 or 60.',
        });
      }
      await ctx.dbh.db
        .updateTable('users')
        .set({ refresh_rate_minutes: parsed.data })
        .where('id', '=', actor.userId)
        .execute();
      return { success: true, refresh_period: parsed.data };
    });

    app.get('/reseller/agent_installers/:id', { schema: { params: idParams } }, async (req) => {
      const o = await owner(req, 'reseller');
      if (o.row.can_download_agent !== 1)
        throw new ForbiddenError('Downloading the agent is not enabled for this reseller.');
      return listInstallers(ctx.config.agentDir, o.resellerId);
    });
    app.get(
      '/reseller/download_agent/:id/:file',
      {
        config: { navigation: true },
        schema: { params: z.object({ id: z.string().max(32), file: z.string().max(255) }) },
      },
      async (req, reply) => {
        const actor = actorOf(req);
        const o = await owner(req, 'reseller', actor);
        if (o.row.can_download_agent !== 1)
          throw new ForbiddenError('Downloading the agent is not enabled for this reseller.');
        const file = await openInstaller(ctx.config.agentDir, req.params.file);
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
          .header(
            'content-disposition',
            `attachment; filename="${file.file_name.replace(/["\\\r\n]/g, '_')}"`,
          )
          .send(file.stream);
      },
    );
  };
}
