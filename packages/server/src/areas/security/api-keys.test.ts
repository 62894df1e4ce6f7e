import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWorld, insertUser, TEST_PASSWORD, type World } from '../../test/factories';
import { call, createTestApp, loginAs, type Session, type TestApp } from '../../test/harness';

// API keys end to end (issue 26.4): keys are made through the API as the Security page makes
// them, then used by curl, a client we did not write, over a real socket with no cookie.

const run = promisify(execFile);
const PER_MINUTE = 5;

let t: TestApp;
let w: World;
let base: string;
beforeAll(async () => {
  t = await createTestApp({ apiKeyPerMinute: PER_MINUTE });
  w = await buildWorld(t.dbh.db, t.clock.now());
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

interface CurlAnswer {
  status: number;
  headers: Record<string, string>;
  json: () => { message?: string; code?: string } & Record<string, unknown>;
}

/** One call made by curl with `Authorization: Bearer <key>`, nothing else. */
async function curl(key: string, method: string, path: string, body?: unknown, origin = base) {
  const args = ['-s', '-i', '-X', method, '-H', `Authorization: Bearer ${key}`];
  if (body !== undefined) args.push('-H', 'Content-Type: application/json', '--data', JSON.stringify(body));
  const { stdout } = await run('curl', [...args, `${origin}${path}`]);
  const [head = '', ...rest] = stdout.split('\r\n\r\n');
  const lines = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const l of lines.slice(1)) {
    const i = l.indexOf(':');
    headers[l.slice(0, i).toLowerCase()] = l.slice(i + 1).trim();
  }
  const text = rest.join('\r\n\r\n');
  return {
    status: Number(lines[0]?.split(' ')[1]),
    headers,
    json: () => JSON.parse(text),
  } satisfies CurlAnswer;
}

async function makeKey(s: Session, body: Record<string, unknown>) {
  const res = await call(t.app, s, { method: 'POST', url: '/api/keys', payload: body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { key: string; row: { id: number; prefix: string; rights: string[] } };
}

const keyRow = (id: number) =>
  t.dbh.db.selectFrom('api_keys').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('API keys', () => {
  it('is made once, stored hashed, and lets curl call as its user with no cookie or anti-forgery token', async () => {
    const s = await loginAs(t.app, 'resa', TEST_PASSWORD);
    const { key, row } = await makeKey(s, { name: 'PSA sync', days: 30, readOnly: true });
    expect(key).toMatch(/^lbk_[A-Za-z0-9_-]{43}$/);
    expect(row.prefix).toBe(key.slice(0, 11));
    expect(row.rights).toEqual(['read']);
    const stored = await keyRow(row.id);
    expect(JSON.stringify(stored)).not.toContain(key);
    expect(stored.key_hash).toHaveLength(43);

    const me = await curl(key, 'GET', '/api/session');
    expect(me.status).toBe(200);
    expect(me.json().user).toMatchObject({ username: 'resa', rights: ['read'] });
    const list = await curl(key, 'GET', '/api/keys');
    expect(list.status).toBe(403);

    // The list shows it with its last use; the key itself never again.
    const listed = await call(t.app, s, { method: 'GET', url: '/api/keys' });
    expect(listed.body).not.toContain(key);
    expect(listed.json().keys[0]).toMatchObject({ name: 'PSA sync', lastUsedAt: t.clock.now() });
  });

  it('refuses with 403 a call whose right the key lacks, and changes nothing', async () => {
    const s = await loginAs(t.app, 'resa', TEST_PASSWORD);
    const { key } = await makeKey(s, { name: 'Reader', days: 1, readOnly: true });
    const before = await t.dbh.db
      .selectFrom('users')
      .select('id')
      .where('organisation_id', '=', w.resellerA)
      .execute();
    const del = await curl(key, 'DELETE', `/api/v1/object/user/${w.users.resA}`);
    expect(del.status).toBe(403);
    expect(del.json().message).toBe('You cannot see or manage users.');
    const after = await t.dbh.db
      .selectFrom('users')
      .select('id')
      .where('organisation_id', '=', w.resellerA)
      .execute();
    expect(after).toEqual(before);
    // Another tenant's object still answers 404, whatever the key's scopes.
    const foreign = await curl(key, 'DELETE', `/api/v1/object/user/${w.users.resB}`);
    expect(foreign.status).toBe(404);
  });

  it('is audited as made by the key', async () => {
    const s = await loginAs(t.app, 'resa', TEST_PASSWORD);
    const { key, row } = await makeKey(s, {
      name: 'Time zone script',
      days: 7,
      readOnly: false,
      rights: ['manage_own_account'],
    });
    const put = await curl(key, 'PUT', '/api/session/time_zone', { timeZone: 'Europe/Paris' });
    expect(put.status).toBe(200);
    const entry = await t.dbh.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'account.time_zone')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ user_id: w.users.resA, api_key_id: row.id });
    const made = await t.dbh.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'api_key.create')
      .where('target_id', '=', String(row.id))
      .executeTakeFirstOrThrow();
    expect(made.details).not.toContain(key);
  });

  it('cannot be given a right its user does not hold, nor more than a year, nor be made with a key', async () => {
    const s = await loginAs(t.app, 'clia1', TEST_PASSWORD);
    const over = await call(t.app, s, {
      method: 'POST',
      url: '/api/keys',
      payload: { name: 'Too much', days: 30, readOnly: false, rights: ['read', 'edit_protection'] },
    });
    expect(over.statusCode).toBe(403);
    expect(over.json().message).toContain('You cannot give a key a right you do not hold');
    const long = await call(t.app, s, {
      method: 'POST',
      url: '/api/keys',
      payload: { name: 'Forever', days: 366, readOnly: true },
    });
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain('at most a year');
    const { key } = await makeKey(s, {
      name: 'Own account',
      days: 3,
      readOnly: false,
      rights: ['manage_own_account'],
    });
    const byKey = await curl(key, 'POST', '/api/keys', { name: 'Child', days: 1, readOnly: true });
    expect(byKey.status).toBe(403);
    const keys = await t.dbh.db
      .selectFrom('api_keys')
      .select('name')
      .where('user_id', '=', w.users.cliA1)
      .execute();
    expect(keys.map((k) => k.name)).toEqual(['Own account']);
  });

  it('answers 429 with Retry-After past its calls a minute, counted across instances', async () => {
    const s = await loginAs(t.app, 'resa', TEST_PASSWORD);
    const { key } = await makeKey(s, { name: 'Busy', days: 1, readOnly: true });
    const other = await t.secondInstance();
    await other.app.listen({ port: 0, host: '127.0.0.1' });
    const otherBase = `http://127.0.0.1:${(other.app.server.address() as AddressInfo).port}`;
    for (let i = 0; i < PER_MINUTE; i++) {
      const r = await curl(key, 'GET', '/api/session', undefined, i % 2 ? otherBase : base);
      expect(r.status).toBe(200);
    }
    const held = await curl(key, 'GET', '/api/session', undefined, otherBase);
    expect(held.status).toBe(429);
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(held.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(held.json().message).toMatch(
      /^This key made too many calls\. Wait (\d+ seconds?|1 minute), then try again\.$/,
    );
    t.clock.advance(61_000);
    expect((await curl(key, 'GET', '/api/session')).status).toBe(200);
  });

  it('stops working when it expires (the manual clock)', async () => {
    const s = await loginAs(t.app, 'resa', TEST_PASSWORD);
    const { key } = await makeKey(s, { name: 'One day', days: 1, readOnly: true });
    expect((await curl(key, 'GET', '/api/session')).status).toBe(200);
    t.clock.advance(86_400_000);
    const expired = await curl(key, 'GET', '/api/session');
    expect(expired.status).toBe(401);
    expect(expired.json().message).toContain('expired or been revoked');
  });

  it('stops at the next request once revoked, on the other instance too', async () => {
    const s = await loginAs(t.app, 'resa', TEST_PASSWORD);
    const { key, row } = await makeKey(s, { name: 'Revoked', days: 10, readOnly: true });
    const other = await t.secondInstance();
    await other.app.listen({ port: 0, host: '127.0.0.1' });
    const otherBase = `http://127.0.0.1:${(other.app.server.address() as AddressInfo).port}`;
    expect((await curl(key, 'GET', '/api/session', undefined, otherBase)).status).toBe(200);
    const revoked = await call(t.app, s, { method: 'POST', url: `/api/keys/${row.id}/revoke` });
    expect(revoked.statusCode).toBe(200);
    expect((await curl(key, 'GET', '/api/session', undefined, otherBase)).status).toBe(401);
    expect((await curl(key, 'GET', '/api/session')).status).toBe(401);
    expect((await keyRow(row.id)).revoked_at).toBe(t.clock.now());
    // Another user's key is not found, and stays as it was.
    const b = await loginAs(t.app, 'resb', TEST_PASSWORD);
    const mine = await makeKey(b, { name: 'B', days: 1, readOnly: true });
    const foreign = await call(t.app, s, { method: 'POST', url: `/api/keys/${mine.row.id}/revoke` });
    expect(foreign.statusCode).toBe(404);
    expect((await keyRow(mine.row.id)).revoked_at).toBeNull();
  });

  it('stops when its user is locked, removed, or has MFA reset', async () => {
    const hash = (
      await t.dbh.db
        .selectFrom('users')
        .select('password_hash')
        .where('id', '=', w.users.resA)
        .executeTakeFirstOrThrow()
    ).password_hash;
    const ids = [];
    for (const name of ['locked1', 'removed1', 'reset1'])
      ids.push(await insertUser(t.dbh.db, t.clock.now(), hash, w.resellerA, name, 1));
    const [locked, removed, reset] = ids as [number, number, number];
    const keys: string[] = [];
    for (const name of ['locked1', 'removed1', 'reset1']) {
      const s = await loginAs(t.app, name, TEST_PASSWORD);
      const { key } = await makeKey(s, { name: 'Script', days: 5, readOnly: true });
      expect((await curl(key, 'GET', '/api/session')).status).toBe(200);
      keys.push(key);
    }
    await t.dbh.db.updateTable('users').set({ disabled: 1 }).where('id', '=', locked).execute();
    expect((await curl(keys[0] as string, 'GET', '/api/session')).status).toBe(401);

    const resa = await loginAs(t.app, 'resa', TEST_PASSWORD);
    const del = await call(t.app, resa, { method: 'DELETE', url: `/api/v1/object/user/${removed}` });
    expect(del.statusCode).toBe(200);
    expect((await curl(keys[1] as string, 'GET', '/api/session')).status).toBe(401);

    const staff = await loginAs(t.app, 'staff', TEST_PASSWORD);
    const res = await call(t.app, staff, { method: 'POST', url: `/mfa/reset/${reset}` });
    expect(res.statusCode).toBe(200);
    expect((await curl(keys[2] as string, 'GET', '/api/session')).status).toBe(401);
  });

  it('answers 401 for an unknown key and a malformed header', async () => {
    const unknown = await curl('lbk_notakeyatall', 'GET', '/api/session');
    expect(unknown.status).toBe(401);
    const { stdout } = await run('curl', [
      '-s',
      '-o',
      '/dev/null',
      '-w',
      '%{http_code}',
      '-H',
      'Authorization: Basic abc',
      `${base}/api/session`,
    ]);
    expect(stdout).toBe('401');
  });
});
