import fastifyCookie from '@fastify/cookie';
import type { TenantObject } from '@lifeboat/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { alertActionRoutes } from './areas/alerts/action-routes';
import { alertRoutes } from './areas/alerts/routes';
import { webhookRoutes } from './areas/alerts/webhooks/routes';
import { applianceRoutes } from './areas/appliances/routes';
import { azureRoutes } from './areas/azure/routes';
import { dashboardRoutes } from './areas/dashboard/routes';
import { autoVerifyRoutes } from './areas/devices/autoverify-routes';
import { deviceRoutes } from './areas/devices/routes';
import { entitiesRoutes } from './areas/entities/routes';
import { failoverRoutes } from './areas/failover/routes';
import { ftpsRoutes } from './areas/ftps/routes';
import { inventoryRoutes } from './areas/inventory/routes';
import { operationsRoutes } from './areas/operations/routes';
import { recoveryRoutes } from './areas/recovery/routes';
import { reportRoutes } from './areas/reports/routes';
import { securityRoutes } from './areas/security/routes';
import { sessionRoutes } from './areas/session/routes';
import { settingsRoutes } from './areas/settings/routes';
import { sourceRoutes } from './areas/sources/routes';
import { virtualizationRoutes } from './areas/virtualization/routes';
import type { AppContext } from './context';
import { apiDocsRoutes } from './http/api-docs';
import { authHook } from './http/auth';
import { errorHandler } from './http/errors';
import { registerFormBody } from './http/form-body';
import { noStoreByDefault } from './http/no-store';
import { registerSecurityHeaders } from './http/security-headers';
import { registerSpa } from './http/spa';
import type { Actor } from './scope';
import { seesObject } from './scope/in-scope';

declare module 'fastify' {
  interface FastifyInstance {
    /** Routes of the API scope registered without a declaration (must stay empty). */
    undeclaredRoutes: string[];
    /** Whether the actor sees the object a call's id slot names (route()'s tenancy check). */
    seesObject: (actor: Actor, kind: TenantObject, value: unknown) => Promise<boolean>;
  }
}

export interface BuildOptions {
  logger?: boolean | { level: string };
}

/** The console's HTTP server: security base, the API areas, and the single-page app. */
// Browser features the console never uses are off for its pages and anything framed in them. The
// clipboard stays the console's own: its copy buttons write it, and reading it (which asks the
// user anyway) is how the browser suite checks what they wrote.
const PERMISSIONS_POLICY = [
  'camera=()',
  'microphone=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'display-capture=()',
  'clipboard-read=(self)',
  'clipboard-write=(self)',
  'fullscreen=(self)',
].join(', ');

export async function buildApp(ctx: AppContext, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? false,
    bodyLimit: 1024 * 1024,
    // X-Forwarded-For only from the configured proxies (docs/sign-in-limits.md).
    trustProxy: ctx.config.trustedProxies.length > 0 ? ctx.config.trustedProxies : false,
    // Long ids are fine, unbounded ones are not.
    routerOptions: { maxParamLength: 256 },
    // A malformed or over-long address is answered by the same handler as every other error.
    frameworkErrors: (err, req, reply) => errorHandler(err, req, reply),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  app.decorateRequest('actor', null);
  app.decorateRequest('csrfToken', null);

  await registerSecurityHeaders(
    app,
    {
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
    },
    { 'permissions-policy': PERMISSIONS_POLICY },
  );
  await app.register(fastifyCookie);
  registerFormBody(app, 256 * 1024);

  app.get('/api/health', async (_req, reply) => reply.header('cache-control', 'no-store').send({ ok: true }));

  // Every API route comes from a declaration in the contract (issue 11.1); one that does not is
  // recorded here, and the declarations test fails on it.
  const undeclared: string[] = [];
  app.decorate('undeclaredRoutes', undeclared);
  app.decorate('seesObject', (actor: Actor, kind: TenantObject, value: unknown) =>
    seesObject(ctx.dbh.db, actor, kind, value),
  );

  // Every API route lives in this scope, behind the session and anti-forgery checks.
  await app.register(async (api) => {
    api.addHook('onRoute', (r) => {
      if (!r.config?.call) undeclared.push(`${r.method} ${r.url}`);
    });
    api.addHook('onRequest', authHook(ctx));
    api.addHook('onSend', noStoreByDefault);
    await api.register(apiDocsRoutes());
    await api.register(sessionRoutes(ctx));
    await api.register(operationsRoutes(ctx));
    await api.register(autoVerifyRoutes(ctx));
    await api.register(dashboardRoutes(ctx));
    await api.register(entitiesRoutes(ctx));
    await api.register(applianceRoutes(ctx));
    await api.register(deviceRoutes(ctx));
    await api.register(inventoryRoutes(ctx));
    await api.register(recoveryRoutes(ctx));
    await api.register(virtualizationRoutes(ctx));
    await api.register(ftpsRoutes(ctx));
    await api.register(azureRoutes(ctx));
    await api.register(failoverRoutes(ctx));
    await api.register(reportRoutes(ctx));
    await api.register(securityRoutes(ctx));
    await api.register(settingsRoutes(ctx));
    await api.register(sourceRoutes(ctx));
    await api.register(alertRoutes(ctx));
    await api.register(alertActionRoutes(ctx));
    await api.register(webhookRoutes(ctx));
  });

  await registerSpa(app, ctx.config.webDist);
  return app;
}
