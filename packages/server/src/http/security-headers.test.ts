import fastifyHelmet from '@fastify/helmet';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerSecurityHeaders } from './security-headers';

const OPTIONS = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { defaultSrc: ["'self'"], frameAncestors: ["'none'"] },
  },
  crossOriginEmbedderPolicy: false,
  hsts: true,
};

async function headersOf(register: (app: ReturnType<typeof Fastify>) => Promise<unknown>) {
  const app = Fastify();
  await register(app);
  app.get('/x', async () => ({ ok: true }));
  app.get('/own', async (_req, reply) => reply.header('x-frame-options', 'DENY').send('own'));
  const x = await app.inject({ method: 'GET', url: '/x' });
  const missing = await app.inject({ method: 'GET', url: '/nowhere' });
  const own = await app.inject({ method: 'GET', url: '/own' });
  await app.close();
  const drop = ({
    date,
    'content-length': _l,
    'content-type': _t,
    connection,
    ...rest
  }: Record<string, unknown>) => rest;
  return { x: drop(x.headers), missing: drop(missing.headers), own: own.headers };
}

describe('security headers', () => {
  it('sends the same headers as @fastify/helmet, on answers and on 404s, and lets a route override one', async () => {
    const ours = await headersOf((app) => registerSecurityHeaders(app, OPTIONS));
    const plugin = await headersOf((app) => app.register(fastifyHelmet, OPTIONS));
    expect(ours.x).toEqual(plugin.x);
    expect(ours.missing).toEqual(plugin.missing);
    expect(ours.x['content-security-policy']).toBe("default-src 'self';frame-ancestors 'none'");
    expect(ours.x['x-content-type-options']).toBe('nosniff');
    expect(ours.x['strict-transport-security']).toBeDefined();
    expect(ours.own['x-frame-options']).toBe('DENY');
  });
});
