import { declaredCalls } from '@lifeboat/contract';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWorld, TEST_PASSWORD } from '../test/factories';
import { call, createTestApp, loginAs, type Session, type TestApp } from '../test/harness';

// GET /api/openapi.json is a valid OpenAPI 3.1 document of every served call, and the reference
// page lists every one (issue 11.2).

const openApiPath = (path: string) => path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');

describe('OpenAPI document and reference page', () => {
  let t: TestApp;
  let s: Session;
  beforeAll(async () => {
    t = await createTestApp();
    await buildWorld(t.dbh.db, t.clock.now());
    s = await loginAs(t.app, 'resa', TEST_PASSWORD);
  });
  afterAll(() => t.close());

  it('answers a document that validates as OpenAPI 3.1', async () => {
    const res = await call(t.app, s, { method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\.1\./);
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('contains every declared call, and every declared call is a served route', async () => {
    const doc = (await call(t.app, s, { method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { summary?: string }>>;
    };
    const missing: string[] = [];
    for (const c of declaredCalls()) {
      expect(t.app.hasRoute({ method: c.method, url: c.path }), c.id).toBe(true);
      if (!doc.paths[openApiPath(c.path)]?.[c.method.toLowerCase()]) missing.push(c.id);
    }
    expect(missing).toEqual([]);
    // The bearer scheme of API keys, and each session call's right as that scheme's scope.
    const full = doc as unknown as {
      components: { securitySchemes: Record<string, { type: string; scheme?: string }> };
      paths: Record<
        string,
        Record<string, { security: Record<string, string[]>[]; 'x-right': string | null }>
      >;
    };
    expect(full.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const c of declaredCalls()) {
      const op = full.paths[openApiPath(c.path)]?.[c.method.toLowerCase()];
      expect(op?.['x-right'], c.id).toBe(c.right ?? null);
      if ((c.access ?? 'session') !== 'public')
        expect(op?.security, c.id).toContainEqual({ apiKey: [c.right] });
    }
    // Nothing more than the declarations either.
    const operations = Object.values(doc.paths).flatMap((p) => Object.keys(p));
    expect(operations.length).toBe(declaredCalls().length);
    // And no route of the API scope is left out of the declarations.
    expect(t.app.undeclaredRoutes).toEqual([]);
  });

  it('documents the alert webhook: its signed headers and its JSON body', async () => {
    const doc = (await call(t.app, s, { method: 'GET', url: '/api/openapi.json' })).json();
    const post = doc.webhooks?.alertTransition?.post;
    expect(post.parameters.map((p: { name: string }) => p.name)).toEqual([
      'Lifeboat-Signature',
      'Lifeboat-Delivery',
      'Lifeboat-Event',
    ]);
    const body = post.requestBody.content['application/json'].schema;
    expect(Object.keys(body.properties)).toEqual(['id', 'type', 'occurred_at', 'alert']);
    expect(body.properties.type.enum).toEqual(['alert.opened', 'alert.reopened', 'alert.resolved', 'test']);
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(401);
  });

  it('serves a reference page that lists every call', async () => {
    const res = await call(t.app, s, { method: 'GET', url: '/api/reference' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const html = res.body;
    const esc = (x: string) => x.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    const missing = declaredCalls()
      .filter((c) => !html.includes(`${c.method}</span> <code>${esc(openApiPath(c.path))}</code>`))
      .map((c) => c.id);
    expect(missing).toEqual([]);
    // How to call with an API key, with curl, under each call and in its own section.
    expect(html).toContain('id="keys"');
    expect(html).toContain('curl -H &quot;Authorization: Bearer $LIFEBOAT_KEY&quot;');
    // No script and nothing from another origin.
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/https?:\/\/(?!spec\.openapis\.org)/);
  });
});
