import { webhookCalls } from '@lifeboat/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context';
import { route } from '../../../http/route';
import {
  createEndpoint,
  listDeliveries,
  listEndpoints,
  redeliver,
  removeEndpoint,
  rotateSecret,
  sendTest,
  updateEndpoint,
} from './service';

/** Webhook endpoints and their delivery log (issue 27.4; docs/decisions.md 'Webhooks'). */
export function webhookRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const c = webhookCalls;
    const db = ctx.dbh.db;
    route(app, c.list, ({ actor, params }) => listEndpoints(db, actor, params.id));
    route(app, c.create, ({ actor, params, body, req }) =>
      createEndpoint(ctx, actor, params.id, body, req.ip),
    );
    route(app, c.update, ({ actor, params, body, req }) =>
      updateEndpoint(ctx, actor, params.id, body, req.ip),
    );
    route(app, c.rotate, ({ actor, params, req }) => rotateSecret(ctx, actor, params.id, req.ip));
    route(app, c.remove, ({ actor, params, req }) => removeEndpoint(ctx, actor, params.id, req.ip));
    route(app, c.test, ({ actor, params, req }) => sendTest(ctx, actor, params.id, req.ip));
    route(app, c.deliveries, ({ actor, params, query }) => listDeliveries(db, actor, params.id, query));
    route(app, c.redeliver, ({ actor, params, req }) => redeliver(ctx, actor, params.id, req.ip));
  };
}
