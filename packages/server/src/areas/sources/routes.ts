import { sourceCalls } from '@lifeboat/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { route } from '../../http/route';
import {
  addSource,
  editSource,
  listSources,
  removeSource,
  syncNow,
  testSource,
  testSourceChange,
} from './service';

/** A client's backup sources (issue 25.4; docs/decisions.md 'Backup sources and their sync'). */
export function sourceRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const c = sourceCalls;
    route(app, c.list, ({ actor, params }) => listSources(ctx, actor, params.id));
    route(app, c.test, ({ actor, params, body }) => testSource(ctx, actor, params.id, body));
    route(app, c.add, ({ actor, params, body, req }) => addSource(ctx, actor, params.id, body, req.ip));
    route(app, c.edit, ({ actor, params, body, req }) => editSource(ctx, actor, params.id, body, req.ip));
    route(app, c.testChange, ({ actor, params, body }) => testSourceChange(ctx, actor, params.id, body));
    route(app, c.remove, ({ actor, params, req }) => removeSource(ctx, actor, params.id, req.ip));
    route(app, c.sync, ({ actor, params }) => syncNow(ctx, actor, params.id));
  };
}
