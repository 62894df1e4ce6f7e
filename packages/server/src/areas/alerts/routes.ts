import { alertCalls } from '@lifeboat/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { route } from '../../http/route';
import { orgAlertRule, saveOrgAlertRule } from './rules';

/** Alerts (issue 27; docs/decisions.md 'Alerts'). */
export function alertRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const c = alertCalls;
    const db = ctx.dbh.db;
    route(app, c.resellerRule, ({ actor, params }) => orgAlertRule(db, actor, 'reseller', params.id));
    route(app, c.clientRule, ({ actor, params }) => orgAlertRule(db, actor, 'client', params.id));
    route(app, c.saveResellerRule, ({ actor, params, body, req }) =>
      saveOrgAlertRule(ctx, actor, 'reseller', params.id, body, req.ip),
    );
    route(app, c.saveClientRule, ({ actor, params, body, req }) =>
      saveOrgAlertRule(ctx, actor, 'client', params.id, body, req.ip),
    );
  };
}
