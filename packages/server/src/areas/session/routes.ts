import { SESSION_COOKIE, sessionCalls } from '@lifeboat/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { route } from '../../http/route';
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
      const { token, response } = await login(ctx, body, req.ip, req.headers['user-agent'] ?? '');
      reply.setCookie(SESSION_COOKIE, token, {
        ...cookie,
        maxAge: ctx.config.sessionAbsoluteHours * 3600,
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
