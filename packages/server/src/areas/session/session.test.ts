import { CSRF_HEADER, XHR_HEADER, XHR_VALUE } from '@lifeboat/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWorld, TEST_PASSWORD, type World } from '../../test/factories';
import { call, createTestApp, loginAs, type TestApp } from '../../test/harness';

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await createTestApp({ sessionIdleMinutes: 30, sessionAbsoluteHours: 12 });
  w = await buildWorld(t.dbh.db, t.clock.now());
});
afterAll(() => t.close());

const xhr = { [XHR_HEADER]: XHR_VALUE };
const countSessions = async () =>
  Number(
    (
      await t.dbh.db
        .selectFrom('sessions')
        .select((e) => e.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('POST /api/session', () => {
  it('signs in, sets an HttpOnly SameSite cookie and answers the user and a token', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/session',
      headers: xhr,
      payload: { username: 'resa', password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toMatchObject({
      id: w.users.resA,
      level: 1,
      organisationId: w.resellerA,
      organisationKind: 'reseller',
      isProvider: false,
    });
    expect(body.csrfToken).toMatch(/^[\w-]{20,}$/);
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Strict/i);
  });

  it('accepts the user name in any case', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/session',
      headers: xhr,
      payload: { username: 'ResA', password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
  });

  it('answers 401 with a message for a wrong password or an unknown user, and creates no session', async () => {
    const before = await countSessions();
    for (const payload of [
      { username: 'clia1', password: 'nope' },
      { username: 'ghost', password: 'nope' },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/session', headers: xhr, payload });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        code: 'BAD_CREDENTIALS',
        message: 'The user name or password is incorrect.',
      });
    }
    expect(await countSessions()).toBe(before);
    const failed = await t.dbh.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'session.login_failed')
      .execute();
    expect(failed.length).toBeGreaterThanOrEqual(2);
  });

  it('answers 400 with a field message for a malformed body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/session',
      headers: xhr,
      payload: { username: '', password: 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.username).toBe('Enter your user name.');
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/session',
      headers: { ...xhr, 'content-type': 'application/json' },
      payload: '{nope',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('The request body is not valid JSON.');
  });

  it('refuses a sign-in without the XHR marker', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/session',
      payload: { username: 'resa', password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('GET and DELETE /api/session', () => {
  it('answers the same user for a live session and 401 without one', async () => {
    const s = await loginAs(t.app, 'clia1', TEST_PASSWORD);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/session',
      headers: { cookie: s.cookie, ...xhr },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      user: { id: w.users.cliA1, level: 0, organisationId: w.clientA1, organisationKind: 'client' },
      csrfToken: s.csrfToken,
    });
    const none = await t.app.inject({ method: 'GET', url: '/api/session', headers: xhr });
    expect(none.statusCode).toBe(401);
    expect(none.json().message).toBe('Your session has ended. Please sign in again.');
  });

  it('logs out: the cookie no longer works and the logout is audited', async () => {
    const s = await loginAs(t.app, 'resb', TEST_PASSWORD);
    const out = await call(t.app, s, { method: 'DELETE', url: '/api/session' });
    expect(out.statusCode).toBe(200);
    const res = await call(t.app, s, { method: 'GET', url: '/api/session' });
    expect(res.statusCode).toBe(401);
    const logged = await t.dbh.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'session.logout')
      .where('user_id', '=', w.users.resB)
      .execute();
    expect(logged).toHaveLength(1);
  });

  it('ends a session after the idle timeout and after the absolute timeout', async () => {
    const s = await loginAs(t.app, 'staff', TEST_PASSWORD);
    t.clock.advance(31 * 60_000);
    expect((await call(t.app, s, { method: 'GET', url: '/api/session' })).statusCode).toBe(401);

    const s2 = await loginAs(t.app, 'staff', TEST_PASSWORD);
    for (let h = 0; h < 14; h++) {
      t.clock.advance(25 * 60_000);
      expect((await call(t.app, s2, { method: 'GET', url: '/api/session' })).statusCode).toBe(200);
      t.clock.advance(25 * 60_000);
      expect((await call(t.app, s2, { method: 'GET', url: '/api/session' })).statusCode).toBe(200);
    }
    t.clock.advance(25 * 60_000);
    expect((await call(t.app, s2, { method: 'GET', url: '/api/session' })).statusCode).toBe(401);
  });
});

describe('anti-forgery', () => {
  it('refuses a state-changing call without the token or the XHR marker, and changes nothing', async () => {
    const s = await loginAs(t.app, 'resa', TEST_PASSWORD);
    const noToken = await t.app.inject({
      method: 'DELETE',
      url: '/api/session',
      headers: { cookie: s.cookie, ...xhr },
    });
    expect(noToken.statusCode).toBe(403);
    expect(noToken.json().code).toBe('CSRF');
    const wrongToken = await t.app.inject({
      method: 'DELETE',
      url: '/api/session',
      headers: { cookie: s.cookie, ...xhr, [CSRF_HEADER]: 'x'.repeat(32) },
    });
    expect(wrongToken.statusCode).toBe(403);
    const noXhr = await t.app.inject({
      method: 'DELETE',
      url: '/api/session',
      headers: { cookie: s.cookie, [CSRF_HEADER]: s.csrfToken },
    });
    expect(noXhr.statusCode).toBe(403);
    // The session survived all three attempts.
    expect((await call(t.app, s, { method: 'GET', url: '/api/session' })).statusCode).toBe(200);
  });

  it('sends strict security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // Powerful browser features off, for the console's pages and anything framed in them; the
    // clipboard is the console's own.
    const policy = String(res.headers['permissions-policy']);
    for (const off of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()', 'usb=()'])
      expect(policy).toContain(off);
    expect(policy).toContain('clipboard-write=(self)');
    expect(policy).toContain('clipboard-read=(self)');
    const page = await t.app.inject({ method: 'GET', url: '/' });
    expect(page.headers['permissions-policy']).toBe(policy);
  });

  it('answers unknown API paths with JSON 404 and browser navigation with the app page', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/reseller/no_such_call/1', headers: xhr });
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe('NOT_FOUND');
    const page = await t.app.inject({
      method: 'GET',
      url: '/device/details/5',
      headers: { accept: 'text/html' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });
});

describe('PUT /api/session/time_zone (issue 24: the user time zone, set in the profile)', () => {
  it("stores the user's time zone, answers it with the session, and refuses a zone that does not exist", async () => {
    const s = await loginAs(t.app, 'resa', TEST_PASSWORD);
    const current = await call(t.app, s, { method: 'GET', url: '/api/session' });
    expect(current.json().user.timeZone).toBeNull();
    const set = await call(t.app, s, {
      method: 'PUT',
      url: '/api/session/time_zone',
      payload: { timeZone: 'America/Los_Angeles' },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().user.timeZone).toBe('America/Los_Angeles');
    const again = await call(t.app, s, { method: 'GET', url: '/api/session' });
    expect(again.json().user.timeZone).toBe('America/Los_Angeles');
    const bad = await call(t.app, s, {
      method: 'PUT',
      url: '/api/session/time_zone',
      payload: { timeZone: 'Mars/Olympus_Mons' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/time zone/);
  });
});
