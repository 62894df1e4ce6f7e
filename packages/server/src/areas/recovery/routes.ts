import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { recoveryBrowseRoutes } from './browse-routes';
import { recoveryDiscoveryRoutes } from './discovery-routes';
import { recoveryShareRoutes } from './share-routes';

/** The recovery area's calls (issue 6): discovery, browsing and download, shares. */
export function recoveryRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(recoveryDiscoveryRoutes(ctx));
    await app.register(recoveryBrowseRoutes(ctx));
    await app.register(recoveryShareRoutes(ctx));
  };
}
