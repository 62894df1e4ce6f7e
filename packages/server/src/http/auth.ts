import { timingSafeEqual } from 'node:crypto';
import { CSRF_HEADER, SESSION_COOKIE, XHR_HEADER, XHR_VALUE } from '@lifeboat/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { resolveApiKey } from '../areas/security/api-keys';
import { resolveSession } from '../areas/session/service';
import type { AppContext } from '../context';
import type { Actor } from '../scope';
import { ForbiddenError, UnauthorizedError } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
    /** The session's anti-forgery token, handed to the app by GET /api/session. */
    csrfToken: string | null;
  }
  interface FastifyContextConfig {
    /** No session needed (sign-in, liveness). The XHR marker is still required. */
    public?: boolean;
    /** Session and XHR marker needed, not the anti-forgery token: the call that hands the token out. */
    csrfExempt?: boolean;
    /**
     * A GET that a browser makes by navigation or an <img>/<a download> (images, file downloads,
     * pages opened in a new window): it cannot carry custom headers, so it needs only the session
     * cookie (SameSite=Strict). Such a route must never change anything.
     */
    navigation?: boolean;
    /** Reachable by a user who must still set up required MFA (the enrolment path). */
    beforeMfa?: boolean;
  }
}

const sameToken = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

export const MFA_SETUP_FIRST =
  'Your organisation requires multi-factor authentication. Set it up under Sign-in security before you continue.';

/** onRequest hook of the API scope: session, anti-forgery token and XHR marker (platform issue 6). */
export function authHook(ctx: AppContext) {
  return async (req: FastifyRequest, _reply: FastifyReply) => {
    req.actor = null;
    req.csrfToken = null;
    const cfg = req.routeOptions.config;
    const bearer = bearerKey(req);
    if (bearer !== null) return keyHook(ctx, req, bearer);
    const isRead = req.method === 'GET' || req.method === 'HEAD';
    const navigation = cfg.navigation === true && isRead;
    if (!navigation && req.headers[XHR_HEADER] !== XHR_VALUE) {
      throw new ForbiddenError(
        'This call must come from the Lifeboat app (the X-Requested-With header is missing).',
        'CSRF',
      );
    }
    if (cfg.public) return;
    const token = req.cookies[SESSION_COOKIE];
    const session = token ? await resolveSession(ctx, token) : null;
    if (!session) throw new UnauthorizedError('Your session has ended. Please sign in again.');
    if (!navigation && !cfg.csrfExempt) {
      const sent = req.headers[CSRF_HEADER];
      if (typeof sent !== 'string' || !sameToken(sent, session.csrfToken)) {
        throw new ForbiddenError(
          'The anti-forgery token is missing or wrong. Reload the page and try again.',
          'CSRF',
        );
      }
    }
    // Required MFA (issue 17.1): until enrolled, only the enrolment path answers.
    if (session.mfaSetupPending && !cfg.beforeMfa) {
      throw new ForbiddenError(MFA_SETUP_FIRST, 'MFA_SETUP_REQUIRED');
    }
    req.actor = session.actor;
    req.csrfToken = session.csrfToken;
  };
}

const BEARER = /^Bearer[ ]+(\S+)\s*$/i;

/** The key of an `Authorization: Bearer <key>` header; null without one (a browser's call). */
function bearerKey(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (typeof h !== 'string') return null;
  const m = BEARER.exec(h);
  if (!m) throw new UnauthorizedError('The Authorization header must be "Bearer" and an API key.', 'BAD_KEY');
  return m[1] as string;
}

/**
 * A call made with an API key (issue 26.4): no cookie, anti-forgery token or XHR marker (a
 * script sends no cookie a page could forge). The key is looked up and counted against its
 * limit on every request; its actor is its user narrowed to the key's scopes.
 */
async function keyHook(ctx: AppContext, req: FastifyRequest, key: string) {
  const found = await resolveApiKey(ctx, key);
  if (!found)
    throw new UnauthorizedError(
      'This API key is not valid: it may have expired or been revoked. Make a new one on the Security page.',
      'BAD_KEY',
    );
  if (found.mfaSetupPending && !req.routeOptions.config.beforeMfa)
    throw new ForbiddenError(MFA_SETUP_FIRST, 'MFA_SETUP_REQUIRED');
  req.actor = found.actor;
}

/** The actor of an authenticated route (the hook guarantees it). */
export function actorOf(req: FastifyRequest): Actor {
  if (!req.actor) throw new UnauthorizedError();
  return req.actor;
}
