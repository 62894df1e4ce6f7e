import { alertActionCalls } from '@lifeboat/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { route } from '../../http/route';
import { acknowledgeAlert, createSnooze, endSnooze, listSnoozes } from './actions';
import { alertTimeline, fleetResellers, listAlerts } from './list';

/** The Alerts page, acknowledging, snoozes and the fleet home (docs/decisions.md 'Alerts: the page, acknowledging, snoozes'). */
export function alertActionRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const c = alertActionCalls;
    const db = ctx.dbh.db;
    route(app, c.alertList, ({ actor, query }) => listAlerts(db, actor, query));
    route(app, c.alertTimeline, ({ actor, params }) => alertTimeline(db, actor, params.id));
    route(app, c.acknowledgeAlert, ({ actor, params, body, req }) =>
      acknowledgeAlert(ctx, actor, params.id, body, req.ip),
    );
    route(app, c.snoozeList, ({ actor, query }) => listSnoozes(ctx, actor, query));
    route(app, c.createSnooze, ({ actor, body, req }) => createSnooze(ctx, actor, body, req.ip));
    route(app, c.endSnooze, ({ actor, params, req }) => endSnooze(ctx, actor, params.id, req.ip));
    route(app, c.fleetResellers, ({ actor, query }) => fleetResellers(db, actor, query));
  };
}
