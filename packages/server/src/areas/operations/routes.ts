import { operationStatus } from '@lifeboat/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { actorOf } from '../../http/auth';
import { findInScope, parseId } from '../../scope';
import { presentOperation } from './presenter';

// Not in the spec: the status of a long operation, polled by the app (docs/decisions.md).
export function operationsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/operations/:id',
      { schema: { params: z.object({ id: z.string().max(32) }), response: { 200: operationStatus } } },
      async (req) => {
        const id = parseId(req.params.id, 'This operation');
        // Operations carry the reseller and client of their subject: the usual scope rule applies.
        const row = await findInScope(ctx.dbh.db, actorOf(req), 'operations', id, 'This operation');
        return presentOperation(row);
      },
    );
  };
}
