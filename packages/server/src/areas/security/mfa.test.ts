import { XHR_HEADER, XHR_VALUE } from '@lifeboat/contract';
import { TOTP as Independent } from 'totp-generator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWorld, TEST_PASSWORD, type World } from '../../test/factories';
import { call, createTestApp, loginAs, type Session, type TestApp } from '../../test/harness';

// MFA end to end (issue 17.1): codes computed by an independent TOTP implementation
// (totp-generator), never by the library the server uses.

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t.dbh.db, t.clock.now());
});
afterAll(() => t.close());

const xhr = { [XHR_HEADER]: XHR_VALUE };
const codeAt = async (secret: string, ms: number) =>
  (await Independent.generate(secret, { timestamp: ms })).otp;
let ipN = 0;
const signIn = (username: string, code?: string, ip = `10.0.0.${++ipN}`) =>
  t.app.inject({
    method: 'POST',
    url: '/api/session',
    headers: xhr,
    remoteAddress: ip,
    payload: { username, password: TEST_PASSWORD, ...(code ? { code } : {}) },
  });
const auditCount = async (action: string, userId: number) =>
  (
    await t.dbh.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', action)
      .where('user_id', '=', userId)
      .execute()
  ).length;

/** Set MFA up for `username` through the API; answers the secret read from the QR code's URI. */
async function enrol(s: Session) {
  const gen = await call(t.app, s, { method: 'POST', url: '/mfa/generate_secret_key' });
  expect(gen.statusCode).toBe(200);
  const uri = new URL(gen.json().qrCodeText);
  const secret = uri.searchParams.get('secret') as string;
  const init = await call(t.app, s, {
    method: 'POST',
    url: '/user_login/init_user_with_mfa',
    payload: { code: await codeAt(secret, t.clock.now()), mfa_save_only: 1 },
  });
  expect(init.json().is_error).toBe(false);
  return { secret, recoveryCodes: init.json().recoveryCodes as string[] };
}

describe('MFA setup', () => {
  it('answers an otpauth URI with the console and user, the secret as text, and a QR path; stores it encrypted', async () => {
    const s = await loginAs(t.app, 'resa', TEST_PASSWORD);
    const status = await call(t.app, s, { method: 'GET', url: '/mfa/status' });
    expect(status.json()).toEqual({ enabled: false, required: false, recoveryCodesLeft: 0 });
    const gen = await call(t.app, s, { method: 'POST', url: '/mfa/generate_secret_key' });
    const body = gen.json();
    expect(body.qrCodeText).toMatch(/^otpauth:\/\/totp\/Lifeboat:resa\?/);
    const uri = new URL(body.qrCodeText);
    expect(uri.searchParams.get('secret')).toBe(body.secret);
    expect(uri.searchParams.get('issuer')).toBe('Lifeboat');
    expect(uri.searchParams.get('algorithm')).toBe('SHA1');
    expect(uri.searchParams.get('digits')).toBe('6');
    expect(uri.searchParams.get('period')).toBe('30');
    expect(body.qr.size).toBeGreaterThan(20);
    expect(body.qr.path).toMatch(/^M\d+ \d+h1v1h-1z/);
    const row = await t.dbh.db
      .selectFrom('users')
      .select(['mfa_secret_enc', 'mfa_enabled'])
      .where('id', '=', w.users.resA)
      .executeTakeFirstOrThrow();
    expect(row.mfa_enabled).toBe(0);
    expect(row.mfa_secret_enc).not.toContain(body.secret);

    const wrong = await call(t.app, s, {
      method: 'POST',
      url: '/user_login/init_user_with_mfa',
      payload: { code: '000000' === (await codeAt(body.secret, t.clock.now())) ? '111111' : '000000' },
    });
    expect(wrong.statusCode).toBe(200);
    expect(wrong.json().is_error).toBe(true);
    expect(wrong.json().errors.mfa_save).toMatch(/does not match/);
    const bad = await call(t.app, s, {
      method: 'POST',
      url: '/user_login/init_user_with_mfa',
      payload: { code: 'ab' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.code).toMatch(/digits/);
  });

  it('saves with a code and hands out ten recovery codes once; sign-in then asks for a code', async () => {
    const s = await loginAs(t.app, 'resa', TEST_PASSWORD);
    const { secret, recoveryCodes } = await enrol(s);
    expect(recoveryCodes).toHaveLength(10);
    expect(await auditCount('mfa.enabled', w.users.resA)).toBe(1);
    const again = await call(t.app, s, { method: 'POST', url: '/mfa/generate_secret_key' });
    expect(again.statusCode).toBe(409);

    const noCode = await signIn('resa');
    expect(noCode.statusCode).toBe(401);
    expect(noCode.json().code).toBe('MFA_REQUIRED');

    // The setup's own code is spent: the same step is never accepted again.
    const replay = await signIn('resa', await codeAt(secret, t.clock.now()));
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('BAD_MFA_CODE');
    expect(await auditCount('session.mfa_replayed', w.users.resA)).toBe(1);

    t.clock.advance(30_000);
    const code = await codeAt(secret, t.clock.now());
    expect((await signIn('resa', code)).statusCode).toBe(200);
    expect((await signIn('resa', code)).statusCode).toBe(401);
    expect(await auditCount('session.mfa_replayed', w.users.resA)).toBe(2);
  });
});

describe('MFA sign-in', () => {
  let secret = '';
  let recoveryCodes: string[] = [];
  beforeAll(async () => {
    ({ secret, recoveryCodes } = await enrol(await loginAs(t.app, 'resb', TEST_PASSWORD)));
  });

  it('accepts the previous step (a code typed as it changes), never the next one or two back', async () => {
    t.clock.advance(5 * 30_000);
    const now = t.clock.now();
    expect((await signIn('resb', await codeAt(secret, now - 60_000))).statusCode).toBe(401);
    expect((await signIn('resb', await codeAt(secret, now + 30_000))).statusCode).toBe(401);
    expect((await signIn('resb', await codeAt(secret, now - 30_000))).statusCode).toBe(200);
    expect((await signIn('resb', await codeAt(secret, now))).statusCode).toBe(200);
    // The current step was accepted: the same code again, or the previous step's, is refused.
    expect((await signIn('resb', await codeAt(secret, now))).statusCode).toBe(401);
    expect((await signIn('resb', await codeAt(secret, now - 30_000))).statusCode).toBe(401);
  });

  it('accepts each recovery code once, refuses a wrong one, and audits both', async () => {
    const used = recoveryCodes[0] as string;
    expect((await signIn('resb', used)).statusCode).toBe(200);
    expect(await auditCount('mfa.recovery_code_used', w.users.resB)).toBe(1);
    expect((await signIn('resb', used)).statusCode).toBe(401);
    const wrong = await signIn('resb', 'zzzzz-zzzzz');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe('BAD_MFA_CODE');
    expect(await auditCount('session.mfa_failed', w.users.resB)).toBeGreaterThanOrEqual(2);
  });

  it('counts wrong codes toward the sign-in limits of the account and address', async () => {
    for (let i = 0; i < 5; i++) expect((await signIn('resb', '000001', '10.1.1.1')).statusCode).toBe(401);
    // Held: even the right code waits, and the failures were counted against the account.
    t.clock.advance(10_000);
    const held = await signIn('resb', await codeAt(secret, t.clock.now()), '10.1.1.1');
    expect(held.statusCode).toBe(429);
    // Another address of the same account is not held by this one.
    t.clock.advance(60_000);
    expect((await signIn('resb', await codeAt(secret, t.clock.now()), '10.1.1.2')).statusCode).toBe(200);
    const account = await t.dbh.db
      .selectFrom('login_attempts')
      .select('failures')
      .where('key', '=', 'account:resb')
      .executeTakeFirstOrThrow();
    expect(account.failures).toBeGreaterThanOrEqual(5);
  });
});

describe('turning MFA off and staff reset', () => {
  it('needs the password and a current code', async () => {
    const cli = await loginAs(t.app, 'clia1', TEST_PASSWORD);
    const { secret } = await enrol(cli);
    t.clock.advance(30_000);
    const s = await loginAs(t.app, 'clia1', TEST_PASSWORD).catch(() => null);
    expect(s).toBeNull();
    const res = await signIn('clia1', await codeAt(secret, t.clock.now()));
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === 'lifeboat_session') ?? res.cookies[0];
    const session = { cookie: `${cookie?.name}=${cookie?.value}`, csrfToken: res.json().csrfToken };

    const badPw = await call(t.app, session, {
      method: 'POST',
      url: '/mfa/disable',
      payload: { password: 'nope', code: '123456' },
    });
    expect(badPw.statusCode).toBe(400);
    expect(badPw.json().fields.password).toBeTruthy();
    t.clock.advance(30_000);
    const badCode = await call(t.app, session, {
      method: 'POST',
      url: '/mfa/disable',
      payload: { password: TEST_PASSWORD, code: await codeAt(secret, t.clock.now() - 120_000) },
    });
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().fields.code).toBeTruthy();
    const off = await call(t.app, session, {
      method: 'POST',
      url: '/mfa/disable',
      payload: { password: TEST_PASSWORD, code: await codeAt(secret, t.clock.now()) },
    });
    expect(off.statusCode).toBe(200);
    expect((await signIn('clia1')).statusCode).toBe(200);
    expect(await auditCount('mfa.disabled', w.users.cliA1)).toBe(1);
  });

  it('staff reset a user in scope (audited); a reseller may not; another tenant is 404', async () => {
    const staff = await loginAs(t.app, 'staff', TEST_PASSWORD);
    const res = await call(t.app, staff, { method: 'POST', url: `/mfa/reset/${w.users.resA}` });
    expect(res.statusCode).toBe(200);
    expect(await auditCount('mfa.reset', w.users.staff)).toBe(1);
    expect((await signIn('resa')).statusCode).toBe(200);

    const resA = await loginAs(t.app, 'resa', TEST_PASSWORD);
    expect((await call(t.app, resA, { method: 'POST', url: `/mfa/reset/${w.users.cliA1}` })).statusCode).toBe(
      403,
    );
    expect((await call(t.app, resA, { method: 'POST', url: `/mfa/reset/${w.users.cliB1}` })).statusCode).toBe(
      404,
    );
    expect((await call(t.app, resA, { method: 'POST', url: '/mfa/reset/abc' })).statusCode).toBe(404);
  });
});

describe('a reseller requires MFA', () => {
  it("applies to its users and its clients' users; audited with old and new value; another reseller is 404", async () => {
    const resA = await loginAs(t.app, 'resa', TEST_PASSWORD);
    const other = await call(t.app, resA, {
      method: 'POST',
      url: `/mfa/require/${w.resellerB}`,
      payload: { required: true },
    });
    expect(other.statusCode).toBe(404);
    const bad = await call(t.app, resA, {
      method: 'POST',
      url: `/mfa/require/${w.resellerA}`,
      payload: { required: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
    const set = await call(t.app, resA, {
      method: 'POST',
      url: `/mfa/require/${w.resellerA}`,
      payload: { required: true },
    });
    expect(set.statusCode).toBe(200);
    const cli = await loginAs(t.app, 'clia1', TEST_PASSWORD);
    expect((await call(t.app, cli, { method: 'GET', url: '/mfa/status' })).json().required).toBe(true);
    const row = await t.dbh.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'settings.require_mfa')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.details as string)).toEqual({ old: false, new: true });
    await setRequired(false);
  });

  it('refuses every other call with a 403 sentence until the user is enrolled', async () => {
    await setRequired(true);
    try {
      const cli = await loginAs(t.app, 'clia1', TEST_PASSWORD);
      const refused = await call(t.app, cli, { method: 'GET', url: '/audit/get_audit_log' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('MFA_SETUP_REQUIRED');
      expect(refused.json().message).toMatch(/requires multi-factor authentication/);
      const post = await call(t.app, cli, {
        method: 'POST',
        url: '/reminder/update_reminder',
        payload: { reminder: {} },
      });
      expect(post.statusCode).toBe(403);
      // The enrolment path answers: the session, the status, the setup and signing out.
      expect((await call(t.app, cli, { method: 'GET', url: '/api/session' })).statusCode).toBe(200);
      expect((await call(t.app, cli, { method: 'GET', url: '/mfa/status' })).json()).toMatchObject({
        enabled: false,
        required: true,
      });
      await enrol(cli);
      const after = await call(t.app, cli, { method: 'GET', url: '/audit/get_audit_log' });
      expect(after.statusCode).toBe(200);
      // The reseller's own users are held too.
      const resA = await loginAs(t.app, 'resa', TEST_PASSWORD);
      expect((await call(t.app, resA, { method: 'GET', url: '/audit/get_audit_log' })).statusCode).toBe(403);
      // Another reseller's users are not.
      const cliB = await loginAs(t.app, 'clib1', TEST_PASSWORD);
      expect((await call(t.app, cliB, { method: 'GET', url: '/audit/get_audit_log' })).statusCode).toBe(200);
    } finally {
      await setRequired(false);
      const staff = await loginAs(t.app, 'staff', TEST_PASSWORD);
      await call(t.app, staff, { method: 'POST', url: `/mfa/reset/${w.users.cliA1}` });
    }
  });
});

/** Staff set reseller A's demand (the reseller's own users may be held by it). */
async function setRequired(required: boolean) {
  const staff = await loginAs(t.app, 'staff', TEST_PASSWORD);
  const res = await call(t.app, staff, {
    method: 'POST',
    url: `/mfa/require/${w.resellerA}`,
    payload: { required },
  });
  expect(res.statusCode).toBe(200);
}

describe('the MFA reminder', () => {
  it('shows more than 3 days after showTime, and remind-me-later moves showTime', async () => {
    const s = await loginAs(t.app, 'clia1', TEST_PASSWORD);
    await call(t.app, s, { method: 'POST', url: '/reminder/update_reminder', payload: { reminder: {} } });
    const now = await call(t.app, s, { method: 'GET', url: '/reminder/get_reminder_template' });
    expect(now.json()).toMatchObject({ due: false, active: true });
    expect(now.json().template).toMatch(/multi-factor/);
    t.clock.advance(3 * 24 * 3_600_000 + 1000);
    const s2 = await loginAs(t.app, 'clia1', TEST_PASSWORD);
    const due = await call(t.app, s2, { method: 'GET', url: '/reminder/get_reminder_template' });
    expect(due.json()).toMatchObject({ due: true, template: expect.stringMatching(/multi-factor/) });
    const later = await call(t.app, s2, {
      method: 'POST',
      url: '/reminder/update_reminder',
      payload: { reminder: {} },
    });
    expect(later.json().reminder).toEqual({ showTime: t.clock.now(), active: true });
    expect(
      (await call(t.app, s2, { method: 'GET', url: '/reminder/get_reminder_template' })).json().due,
    ).toBe(false);
    const never = await call(t.app, s2, {
      method: 'POST',
      url: '/reminder/update_reminder',
      payload: { reminder: { active: false } },
    });
    expect(never.json().reminder.active).toBe(false);
    const off = await call(t.app, s2, { method: 'GET', url: '/reminder/get_reminder_template' });
    expect(off.json()).toMatchObject({ template: null, active: false, due: false });
    await call(t.app, s2, { method: 'POST', url: '/reminder/update_reminder', payload: { reminder: {} } });
    const bad = await call(t.app, s2, {
      method: 'POST',
      url: '/reminder/update_reminder',
      payload: { reminder: 'x' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('the audit log', () => {
  it('is scoped: staff see all, a reseller its own and its clients, a client its own', async () => {
    const staff = await loginAs(t.app, 'staff', TEST_PASSWORD);
    const all = (await call(t.app, staff, { method: 'GET', url: '/audit/get_audit_log?rows=100' })).json();
    expect(all.records_count).toBeGreaterThan(10);
    const orgsOf = async (user: string) => {
      const s = await loginAs(t.app, user, TEST_PASSWORD);
      const page = (await call(t.app, s, { method: 'GET', url: '/audit/get_audit_log?rows=100' })).json();
      return new Set(page.content.map((r: { organisation: string | null }) => r.organisation));
    };
    const a = await orgsOf('resa');
    expect([...a].every((o) => o === 'Reseller A' || String(o).startsWith('Client A'))).toBe(true);
    const c = await orgsOf('clia1');
    expect([...c].every((o) => String(o).startsWith('Client A1'))).toBe(true);
  });

  it('filters by user, action, object and time, pages, and exports CSV', async () => {
    const staff = await loginAs(t.app, 'staff', TEST_PASSWORD);
    const get = async (q: string) =>
      (await call(t.app, staff, { method: 'GET', url: `/audit/get_audit_log?${q}` })).json();
    const byAction = await get('action=mfa.');
    expect(byAction.content.every((r: { action: string }) => r.action.startsWith('mfa.'))).toBe(true);
    expect(byAction.records_count).toBeGreaterThan(0);
    const byUser = await get('user=resb&rows=25');
    expect(byUser.content.every((r: { user: string }) => r.user === 'resb')).toBe(true);
    const byObject = await get(`object=user:${w.users.resA}`);
    expect(byObject.content.every((r: { targetId: string }) => r.targetId === String(w.users.resA))).toBe(
      true,
    );
    const future = await get(`from=${t.clock.now() + 1}`);
    expect(future.records_count).toBe(0);
    const p1 = await get('rows=25&page=1');
    const p2 = await get('rows=25&page=2');
    expect(p1.content[0].id).toBeGreaterThan(p2.content[0]?.id ?? 0);
    const bad = await call(t.app, staff, { method: 'GET', url: '/audit/get_audit_log?rows=7' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBeTruthy();

    const csv = await t.app.inject({
      method: 'GET',
      url: '/audit/get_audit_log.csv?action=mfa.',
      headers: { cookie: staff.cookie },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toContain('"action"');
    expect(lines.length).toBe(byAction.records_count + 1);
  });
});
