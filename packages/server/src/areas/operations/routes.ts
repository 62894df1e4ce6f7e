import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { actorOf } from '../../http/auth';
import { findInScope, parseId } from '../../scope';
import { presentOperation } from './presenter';

// Not in the spec: the status of a long operation, polled by the app (docs/decisions.md).
export const operationStatus = z.object({
  id: z.number().int(),
  kind: z.string(),
  status: z.enum(['queued', 'running', 'succeeded', 'failed']),
  progress: z.number().int(),
  step: z.string().nullable(),
  result: z.unknown(),
  error: z.string().nullable(),
  created_at: z.number(),
  updated_at: z.number(),
  finished_at: z.number().nullable(),
});

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
