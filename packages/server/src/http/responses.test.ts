import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { XHR_HEADER, XHR_VALUE } from '@lifeboat/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWorld, TEST_PASSWORD } from '../test/factories';
import { createTestApp, loginAs, type TestApp } from '../test/harness';

// Responses (issue 18.6): API answers are never stored, source maps are never served, built
// assets go out precompressed, and HSTS accompanies a Secure cookie.

const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'lifeboat-dist-'));
const script = `export const words = ${JSON.stringify('lifeboat '.repeat(400))};\n`;
fs.mkdirSync(path.join(dist, 'assets'));
fs.writeFileSync(
  path.join(dist, 'index.html'),
  '<!doctype html><title>Lifeboat</title><div id="root"></div>',
);
fs.writeFileSync(path.join(dist, 'assets', 'app-1a2b.js'), script);
fs.writeFileSync(path.join(dist, 'assets', 'app-1a2b.js.br'), zlib.brotliCompressSync(script));
fs.writeFileSync(path.join(dist, 'assets', 'app-1a2b.js.gz'), zlib.gzipSync(script));
fs.writeFileSync(path.join(dist, 'assets', 'app-1a2b.js.map'), '{"version":3,"sources":["src/secret.ts"]}');

let secure: TestApp;
let plain: TestApp;
beforeAll(async () => {
  secure = await createTestApp({ webDist: dist, cookieSecure: true });
  plain = await createTestApp({ webDist: dist, cookieSecure: false });
  await buildWorld(secure.dbh.db, secure.clock.now());
});
afterAll(async () => {
  await secure.close();
  await plain.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const asset = (t: TestApp, url: string, encoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('API answers', () => {
  it('carry Cache-Control: no-store, errors included', async () => {
    const s = await loginAs(secure.app, 'resa', TEST_PASSWORD);
    const me = await secure.app.inject({
      method: 'GET',
      url: '/api/session',
      headers: { cookie: s.cookie, [XHR_HEADER]: XHR_VALUE },
    });
    expect(me.statusCode).toBe(200);
    expect(me.headers['cache-control']).toBe('no-store');
    const anonymous = await secure.app.inject({
      method: 'GET',
      url: '/api/session',
      headers: { [XHR_HEADER]: XHR_VALUE },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['cache-control']).toBe('no-store');
    expect((await secure.app.inject({ method: 'GET', url: '/api/health' })).headers['cache-control']).toBe(
      'no-store',
    );
  });
});

describe('built files', () => {
  it('never serves a source map', async () => {
    const res = await asset(secure, '/assets/app-1a2b.js.map');
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('secret.ts');
  });

  it('serves the brotli copy to a browser that accepts br, gzip to one that accepts gzip', async () => {
    const br = await asset(secure, '/assets/app-1a2b.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.rawPayload.length).toBeLessThan(script.length / 10);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    const gz = await asset(secure, '/assets/app-1a2b.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);
    const none = await asset(secure, '/assets/app-1a2b.js');
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.body).toBe(script);
  });

  it('still answers a deep link with the app, not cached', async () => {
    const res = await secure.app.inject({
      method: 'GET',
      url: '/device/details/5',
      headers: { accept: 'text/html', 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<div id="root">');
  });
});

describe('HSTS', () => {
  it('is sent whenever the cookie is Secure, and only then', async () => {
    for (const url of ['/api/health', '/device/details/5', '/assets/app-1a2b.js']) {
      const on = await secure.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(on.headers['strict-transport-security'], url).toMatch(/max-age=\d{7,}/);
      const off = await plain.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(off.headers['strict-transport-security'], url).toBeUndefined();
    }
  });
});
