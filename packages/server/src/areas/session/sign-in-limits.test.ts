import { DEVICE_COOKIE, XHR_HEADER, XHR_VALUE } from '@lifeboat/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { buildWorld, insertUser, TEST_PASSWORD, type World } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { accountKey, SIGN_IN_LIMITS } from './rate-limit';

// Sign-in limits (issue 18, point 3; docs/sign-in-limits.md): failures count per account and
// address pair with growing waits, atomically; nobody can lock someone else out; forwarded
// addresses are believed only from the configured proxies.

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await createTestApp({ trustedProxies: ['10.9.0.0/16'] });
  w = await buildWorld(t.dbh.db, t.clock.now());
});
afterAll(() => t.close());

const signIn = (username: string, password: string, from: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/session',
    remoteAddress: from,
    headers: { [XHR_HEADER]: XHR_VALUE, ...headers },
    payload: { username, password },
  });
const SECOND = 1000;

describe('sign-in limits', () => {
  it('after five failures the pair waits 30 s, then twice as long after each further failure', async () => {
    for (let i = 0; i < SIGN_IN_LIMITS.freeFailures; i++)
      expect((await signIn('dist', 'wrong', '198.51.100.1')).statusCode).toBe(401);
    const held = await signIn('dist', TEST_PASSWORD, '198.51.100.1');
    expect(held.statusCode).toBe(429);
    expect(held.json().message).toBe('Too many failed sign-in attempts. Wait 30 seconds, then try again.');
    expect(held.headers['retry-after']).toBe('30');
    t.clock.advance(30 * SECOND);
    expect((await signIn('dist', 'wrong', '198.51.100.1')).statusCode).toBe(401);
    const longer = await signIn('dist', 'wrong', '198.51.100.1');
    expect(longer.headers['retry-after']).toBe('60');
    expect(longer.json().message).toBe('Too many failed sign-in attempts. Wait 1 minute, then try again.');
    t.clock.advance(60 * SECOND);
    expect((await signIn('dist', TEST_PASSWORD, '198.51.100.1')).statusCode).toBe(200);
    // The right password starts the pair over.
    expect((await signIn('dist', 'wrong', '198.51.100.1')).statusCode).toBe(401);
  });

  it('the right password from another address is never held by someone else’s failures', async () => {
    for (let i = 0; i < 8; i++) {
      await signIn('resb', 'wrong', '203.0.113.66');
      t.clock.advance(3 * 60 * SECOND);
    }
    expect((await signIn('resb', 'wrong', '203.0.113.66')).statusCode).toBe(429);
    expect((await signIn('resb', TEST_PASSWORD, '192.0.2.10')).statusCode).toBe(200);
  });

  it('thirty failures from one address over many accounts do not hold another account there', async () => {
    for (let i = 0; i < 30; i++)
      expect((await signIn(`nobody${i % 10}`, 'wrong', '198.51.100.30')).statusCode).toBe(401);
    expect((await signIn('clia1', TEST_PASSWORD, '198.51.100.30')).statusCode).toBe(200);
  });

  it('counts parallel attempts atomically: of ten wrong passwords at once, five are checked', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => signIn('clib1', 'wrong', '198.51.100.40')),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429, 429]);
    const pair = await t.dbh.db
      .selectFrom('login_attempts')
      .select('failures')
      .where('key', '=', 'pair:198.51.100.40|clib1')
      .executeTakeFirstOrThrow();
    expect(pair.failures).toBe(5);
    const account = await t.dbh.db
      .selectFrom('login_attempts')
      .select('failures')
      .where('key', '=', accountKey('clib1'))
      .executeTakeFirstOrThrow();
    expect(account.failures).toBe(5);
  });

  it('over 100 failures an hour on one account hold new addresses only (ASVS 2.2.1)', async () => {
    expect((await signIn('staff', TEST_PASSWORD, '192.0.2.50')).statusCode).toBe(200);
    // A hundred failures this hour from other addresses (one per address, none of them held).
    const hundred = { window_start: t.clock.now(), failures: SIGN_IN_LIMITS.accountPerHour };
    await t.dbh.db
      .insertInto('login_attempts')
      .values({ key: accountKey('staff'), ...hundred })
      .onConflict((oc) => oc.column('key').doUpdateSet(hundred))
      .execute();
    const fresh = await signIn('staff', TEST_PASSWORD, '192.0.2.51');
    expect(fresh.statusCode).toBe(429);
    expect(fresh.headers['retry-after']).toBe('3600');
    expect((await signIn('staff', TEST_PASSWORD, '192.0.2.50')).statusCode).toBe(200);
    t.clock.advance(SIGN_IN_LIMITS.accountWindowMs);
    expect((await signIn('staff', TEST_PASSWORD, '192.0.2.51')).statusCode).toBe(200);
  });

  it('signs in thirteen right passwords sent at once from one address', async () => {
    const answers = await Promise.all(
      Array.from({ length: 13 }, () => signIn('clia1', TEST_PASSWORD, '198.51.100.70')),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(13).fill(200));
    // Wrong ones sent with them do not hold the right ones.
    const mixed = await Promise.all(
      Array.from({ length: 12 }, (_, i) => signIn('clia1', i % 2 ? TEST_PASSWORD : 'wrong', '198.51.100.71')),
    );
    expect(mixed.filter((_, i) => i % 2 === 1).map((a) => a.statusCode)).toEqual(Array(6).fill(200));
  });

  it("a device the owner signed in on is never held by others' failures, from any address", async () => {
    const hash = (await t.dbh.db.selectFrom('users').select('password_hash').executeTakeFirstOrThrow())
      .password_hash;
    await insertUser(t.dbh.db, t.clock.now(), hash, w.resellerA, 'owner', 1);
    const good = await signIn('owner', TEST_PASSWORD, '192.0.2.80');
    const device = good.cookies.find((c) => c.name === DEVICE_COOKIE);
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/session' });
    const withDevice = { cookie: `${DEVICE_COOKIE}=${device?.value}` };
    // A hundred wrong passwords this hour from other addresses (the ceiling), then a stranger's
    // failures at the owner's next address: without the device, the owner there is held.
    const nearly = { window_start: t.clock.now(), failures: SIGN_IN_LIMITS.accountPerHour - 3 };
    await t.dbh.db
      .insertInto('login_attempts')
      .values({ key: accountKey('owner'), ...nearly })
      .onConflict((oc) => oc.column('key').doUpdateSet(nearly))
      .execute();
    for (let i = 0; i < 3; i++) await signIn('owner', 'wrong', `203.0.113.${i + 1}`);
    expect((await signIn('owner', TEST_PASSWORD, '192.0.2.81')).statusCode).toBe(429);
    // The owner's browser, from that address or a new one, signs in.
    expect((await signIn('owner', TEST_PASSWORD, '192.0.2.81', withDevice)).statusCode).toBe(200);
    expect((await signIn('owner', TEST_PASSWORD, '198.18.0.9', withDevice)).statusCode).toBe(200);
    // A stolen cookie still counts its own guesses.
    const guesses = await Promise.all(
      Array.from({ length: 10 }, () => signIn('owner', 'wrong', '198.18.0.10', withDevice)),
    );
    expect(guesses.filter((a) => a.statusCode === 401)).toHaveLength(SIGN_IN_LIMITS.freeFailures);
    // Another user's device cookie is no key to this account.
    const mine = (await signIn('clib1', TEST_PASSWORD, '192.0.2.82')).cookies.find(
      (c) => c.name === DEVICE_COOKIE,
    );
    expect(
      (await signIn('owner', TEST_PASSWORD, '198.18.0.11', { cookie: `${DEVICE_COOKIE}=${mine?.value}` }))
        .statusCode,
    ).toBe(429);
  });

  it('believes X-Forwarded-For only from a configured proxy', async () => {
    const lastIp = async () =>
      (
        await t.dbh.db
          .selectFrom('sessions')
          .select('ip')
          .orderBy('id', 'desc')
          .limit(1)
          .executeTakeFirstOrThrow()
      ).ip;
    const spoof = { 'x-forwarded-for': '192.0.2.99' };
    expect((await signIn('resa', TEST_PASSWORD, '203.0.113.7', spoof)).statusCode).toBe(200);
    expect(await lastIp()).toBe('203.0.113.7');
    expect((await signIn('resa', TEST_PASSWORD, '10.9.3.4', spoof)).statusCode).toBe(200);
    expect(await lastIp()).toBe('192.0.2.99');
  });

  it('reads LIFEBOAT_TRUSTED_PROXIES, and refuses a bad entry or the old LIFEBOAT_TRUST_PROXY', () => {
    expect(loadConfig({ LIFEBOAT_TRUSTED_PROXIES: '10.0.0.5, 10.1.0.0/16,::1' }).trustedProxies).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      '::1',
    ]);
    expect(loadConfig({}).trustedProxies).toEqual([]);
    expect(() => loadConfig({ LIFEBOAT_TRUSTED_PROXIES: '10.0.0.0/33' })).toThrow(/not an IP address/);
    expect(() => loadConfig({ LIFEBOAT_TRUSTED_PROXIES: 'proxy.local' })).toThrow(/not an IP address/);
    expect(() => loadConfig({ LIFEBOAT_TRUST_PROXY: '1' })).toThrow(/LIFEBOAT_TRUSTED_PROXIES/);
  });
});
