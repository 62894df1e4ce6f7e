import { operationCalls } from '@lifeboat/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { route } from '../../http/route';
import { findInScope, parseId } from '../../scope';
import { presentOperation } from './presenter';

// Not in the spec: the status of a long operation, polled by the app (docs/decisions.md).
export function operationsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, operationCalls.status, async ({ params, actor }) => {
      const id = parseId(params.id, 'This operation');
      // Operations carry the reseller and client of their subject: the usual scope rule applies.
      const row = await findInScope(ctx.dbh.db, actor, 'operations', id, 'This operation');
      return presentOperation(row);
    });
  };
}
