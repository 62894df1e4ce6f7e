import { settingsCalls } from '@lifeboat/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { route } from '../../http/route';
import { orgThresholds, saveOrgThresholds } from './thresholds';

/** Reseller and client settings (issue 17.4; docs/decisions.md 'Settings'). */
export function settingsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const c = settingsCalls;
    const db = ctx.dbh.db;
    route(app, c.resellerThresholds, ({ actor, params }) => orgThresholds(db, actor, 'reseller', params.id));
    route(app, c.clientThresholds, ({ actor, params }) => orgThresholds(db, actor, 'client', params.id));
    route(app, c.saveResellerThresholds, ({ actor, params, body, req }) =>
      saveOrgThresholds(ctx, actor, 'reseller', params.id, body, req.ip),
    );
    route(app, c.saveClientThresholds, ({ actor, params, body, req }) =>
      saveOrgThresholds(ctx, actor, 'client', params.id, body, req.ip),
    );
  };
}
