import { DEVICE_COOKIE, SESSION_COOKIE, sessionCalls } from '@lifeboat/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { route } from '../../http/route';
import { SIGN_IN_LIMITS } from './rate-limit';
import { login, logout, sessionResponse, setTimeZone } from './service';

/** spec: platform issue 6; POST/GET/DELETE /api/session. */
export function sessionRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const cookie = {
    path: '/',
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: ctx.config.cookieSecure,
  };
  return async (app) => {
    route(app, sessionCalls.signIn, async ({ body, req, reply }) => {
      const { token, deviceToken, response } = await login(ctx, body, {
        ip: req.ip,
        userAgent: req.headers['user-agent'] ?? '',
        deviceCookie: req.cookies[DEVICE_COOKIE],
      });
      reply.setCookie(SESSION_COOKIE, token, {
        ...cookie,
        maxAge: ctx.config.sessionAbsoluteHours * 3600,
      });
      // Kept after sign-out: it tells the next sign-in on this browser from a stranger's (ASVS 2.2.1).
      reply.setCookie(DEVICE_COOKIE, deviceToken, {
        ...cookie,
        path: '/api/session',
        maxAge: SIGN_IN_LIMITS.knownForMs / 1000,
      });
      return response;
    });

    route(app, sessionCalls.current, ({ actor, req }) => sessionResponse(actor, req.csrfToken ?? ''));

    route(app, sessionCalls.setTimeZone, async ({ actor, body, req }) =>
      sessionResponse(await setTimeZone(ctx, actor, body.timeZone, req.ip), req.csrfToken ?? ''),
    );

    route(app, sessionCalls.signOut, async ({ actor, req, reply }) => {
      await logout(ctx, actor, req.ip);
      reply.clearCookie(SESSION_COOKIE, cookie);
      return { ok: true } as const;
    });
  };
}
