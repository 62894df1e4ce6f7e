import { XHR_HEADER, XHR_VALUE } from '@lifeboat/contract';
import { TOTP as Independent } from 'totp-generator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWorld, TEST_PASSWORD } from '../../test/factories';
import { call, createTestApp, loginAs, type Session, type TestApp } from '../../test/harness';

// MFA under requests sent at once (issue 24, 7 and 9): one enrolment per secret, and the codes and
// the password that turn MFA on or off counted before they are compared.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await buildWorld(t.dbh.db, t.clock.now());
});
afterAll(() => t.close());

const codeAt = async (secret: string, ms: number) =>
  (await Independent.generate(secret, { timestamp: ms })).otp;

async function newSecret(s: Session): Promise<string> {
  const gen = await call(t.app, s, { method: 'POST', url: '/mfa/generate_secret_key' });
  return new URL(gen.json().qrCodeText).searchParams.get('secret') as string;
}

const init = (s: Session, code: string) =>
  call(t.app, s, {
    method: 'POST',
    url: '/user_login/init_user_with_mfa',
    payload: { code, mfa_save_only: 1 },
  });

describe('MFA under concurrency', () => {
  it('accepts one of ten enrolments sent at once to two instances with one code; its recovery codes work', async () => {
    const s = await loginAs(t.app, 'resa', TEST_PASSWORD);
    const other = await t.secondInstance();
    const onOther = await loginAs(other.app, 'resa', TEST_PASSWORD);
    const secret = await newSecret(s);
    const code = await codeAt(secret, t.clock.now());
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        i % 2
          ? call(other.app, onOther, {
              method: 'POST',
              url: '/user_login/init_user_with_mfa',
              payload: { code, mfa_save_only: 1 },
            })
          : init(s, code),
      ),
    );
    const accepted = answers.filter((a) => a.json().is_error === false);
    expect(accepted).toHaveLength(1);
    for (const a of answers.filter((x) => x.json().is_error))
      expect(a.json().errors.mfa_save).toBe('MFA is already on for your account.');
    const recovery = accepted[0]?.json().recoveryCodes as string[];
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/session',
      headers: { [XHR_HEADER]: XHR_VALUE },
      payload: { username: 'resa', password: TEST_PASSWORD, code: recovery[3] },
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('counts wrong enrolment codes sent at once before comparing them', async () => {
    const s = await loginAs(t.app, 'resb', TEST_PASSWORD);
    await newSecret(s);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => init(s, String(100000 + i))));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(15);
    expect(answers.find((a) => a.statusCode === 429)?.json().message).toBe(
      'Too many wrong codes or passwords. Wait 30 seconds, then try again.',
    );
  });

  it('counts the password and code that turn MFA off before comparing them: thirty at once', async () => {
    const s = await loginAs(t.app, 'clia1', TEST_PASSWORD);
    const secret = await newSecret(s);
    expect((await init(s, await codeAt(secret, t.clock.now()))).json().is_error).toBe(false);
    const off = (password: string, code: string) =>
      call(t.app, s, { method: 'POST', url: '/mfa/disable', payload: { password, code } });
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => off(i % 2 ? `guess-${i}` : TEST_PASSWORD, String(200000 + i))),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 400)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(25);
    // Held: even the right password and code wait.
    t.clock.advance(10_000);
    expect((await off(TEST_PASSWORD, await codeAt(secret, t.clock.now()))).statusCode).toBe(429);
    t.clock.advance(30_000);
    expect((await off(TEST_PASSWORD, await codeAt(secret, t.clock.now()))).statusCode).toBe(200);
  });
});
