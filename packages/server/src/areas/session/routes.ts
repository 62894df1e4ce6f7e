import { loginRequest, SESSION_COOKIE, sessionResponse as sessionSchema } from '@lifeboat/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { actorOf } from '../../http/auth';
import { login, logout, sessionResponse } from './service';

/** spec: platform issue 6; POST/GET/DELETE /api/session. */
export function sessionRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const cookie = {
    path: '/',
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: ctx.config.cookieSecure,
  };
  return async (app) => {
    app.post(
      '/api/session',
      { config: { public: true }, schema: { body: loginRequest, response: { 200: sessionSchema } } },
      async (req, reply) => {
        const { token, response } = await login(ctx, req.body, req.ip, req.headers['user-agent'] ?? '');
        reply.setCookie(SESSION_COOKIE, token, {
          ...cookie,
          maxAge: ctx.config.sessionAbsoluteHours * 3600,
        });
        return response;
      },
    );

    app.get(
      '/api/session',
      { config: { csrfExempt: true }, schema: { response: { 200: sessionSchema } } },
      async (req) => {
        return sessionResponse(actorOf(req), req.csrfToken ?? '');
      },
    );

    app.delete('/api/session', async (req, reply) => {
      await logout(ctx, actorOf(req), req.ip);
      reply.clearCookie(SESSION_COOKIE, cookie);
      return { ok: true };
    });
  };
}
