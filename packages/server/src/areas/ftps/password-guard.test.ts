import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD } from '../../test/factories';
import { call, loginAs, type TestApp } from '../../test/harness';
import { type FtpsFixture, ftpsFixture, SYSTEM_PASSWORD } from './test-fixture';

// Guessing a protected system's password (recovery-flow 5; issue 24, 7): every attempt is counted
// before it is compared, in the database, so guesses sent at once to two instances are held to
// the free ones, and one user's guessing never holds the system's owner.

let f: FtpsFixture;
let other: TestApp;
beforeAll(async () => {
  f = await ftpsFixture();
  other = await f.t.secondInstance();
});
afterAll(() => f.t.close());

describe("a protected system's password", () => {
  it('checks five of forty wrong guesses sent at once to two instances; the owner still gets in', async () => {
    const resaOther = await loginAs(other.app, 'resa', TEST_PASSWORD);
    const guess = (i: number) => {
      const payload = { machine_id: f.protectedA1, password: `guess-${i}` };
      return i % 2 === 0
        ? f.post('resa', '/ftps_export/verify_ps_password', payload)
        : call(other.app, resaOther, { method: 'POST', url: '/ftps_export/verify_ps_password', payload });
    };
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => guess(i)));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(35);
    const held = answers.find((a) => a.statusCode === 429);
    expect(held?.json().message).toBe('Too many wrong passwords. Wait 30 seconds, then try again.');
    expect(held?.headers['retry-after']).toBe('30');
    // The reseller's guessing holds the reseller only: the client user who owns it gets in.
    const owner = await f.post('clia1', '/ftps_export/verify_ps_password', {
      machine_id: f.protectedA1,
      password: SYSTEM_PASSWORD,
    });
    expect(owner.json()).toEqual({ isPasswordCorrect: true });
    expect(
      (
        await f.post('resa', '/ftps_export/verify_ps_password', {
          machine_id: f.protectedA1,
          password: SYSTEM_PASSWORD,
        })
      ).statusCode,
    ).toBe(429);
  });

  it('takes several right passwords sent at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        f.post('clib1', '/ftps_export/verify_ps_password', {
          machine_id: f.protectedA1,
          password: SYSTEM_PASSWORD,
        }),
      ),
    );
    // clib1 is another reseller's client: not found, and never counted as a guess.
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(404));
    const mine = await Promise.all(
      Array.from({ length: 8 }, () =>
        f.post('clia1', '/ftps_export/verify_ps_password', {
          machine_id: f.protectedA1,
          password: SYSTEM_PASSWORD,
        }),
      ),
    );
    expect(mine.map((a) => a.json())).toEqual(Array(8).fill({ isPasswordCorrect: true }));
  });
});
