import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

// The security headers (CSP, HSTS, nosniff, frame and cross-origin policies) are the same for
// every answer, yet @fastify/helmet builds helmet's middleware (and parses the CSP) on each
// request: about 5 % of the server's CPU under load. They are worked out once here, by asking a
// throw-away app with the plugin, and set from that table on every request.

/** Headers that describe one answer, not the security policy. */
const PER_ANSWER = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

export async function securityHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  await probe.register(fastifyHelmet, options);
  probe.get('/', async () => 'ok');
  const res = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.headers)) {
    if (!PER_ANSWER.has(name) && value !== undefined) out[name] = String(value);
  }
  return out;
}

/**
 * Set the headers on every answer first, as the plugin did: a route may still override one.
 * `extra`: headers helmet does not know (Permissions-Policy).
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: FastifyHelmetOptions,
  extra: Record<string, string> = {},
) {
  const headers = { ...(await securityHeaders(options)), ...extra };
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers);
    done();
  });
}
