import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyHelmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { dashboardRoutes } from './areas/dashboard/routes';
import { autoVerifyRoutes } from './areas/devices/autoverify-routes';
import { deviceRoutes } from './areas/devices/routes';
import { entitiesRoutes } from './areas/entities/routes';
import { inventoryRoutes } from './areas/inventory/routes';
import { operationsRoutes } from './areas/operations/routes';
import { recoveryRoutes } from './areas/recovery/routes';
import { sessionRoutes } from './areas/session/routes';
import type { AppContext } from './context';
import { authHook } from './http/auth';
import { errorHandler } from './http/errors';
import { registerSpa } from './http/spa';

export interface BuildOptions {
  logger?: boolean | { level: string };
}

/** The console's HTTP server: security base, the API areas, and the single-page app. */
export async function buildApp(ctx: AppContext, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? false,
    bodyLimit: 1024 * 1024,
    trustProxy: process.env.LIFEBOAT_TRUST_PROXY === '1',
    // Long ids are fine, unbounded ones are not.
    routerOptions: { maxParamLength: 256 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  app.decorateRequest('actor', null);
  app.decorateRequest('csrfToken', null);

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine sets style attributes at run time; no inline scripts are ever allowed.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: ctx.config.cookieSecure,
  });
  await app.register(fastifyCookie);
  await app.register(fastifyFormbody, { bodyLimit: 256 * 1024 });

  app.get('/api/health', async () => ({ ok: true }));

  // Every API route lives in this scope, behind the session and anti-forgery checks.
  await app.register(async (api) => {
    api.addHook('onRequest', authHook(ctx));
    await api.register(sessionRoutes(ctx));
    await api.register(operationsRoutes(ctx));
    await api.register(autoVerifyRoutes(ctx));
    await api.register(dashboardRoutes(ctx));
    await api.register(entitiesRoutes(ctx));
    await api.register(deviceRoutes(ctx));
    await api.register(inventoryRoutes(ctx));
    await api.register(recoveryRoutes(ctx));
  });

  await registerSpa(app, ctx.config.webDist);
  return app;
}
