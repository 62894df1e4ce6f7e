import { reminderDue } from '@lifeboat/contract';
import { TOTP as Independent } from 'totp-generator';
import { describe, expect, it } from 'vitest';
import {
  hashRecoveryCode,
  matchStep,
  newRecoveryCodes,
  newSecret,
  openSecret,
  sealSecret,
  spendRecoveryCode,
  stepAt,
} from './totp';

// The TOTP window and the recovery codes (issue 17 tests), against an independent TOTP implementation.
const codeAt = async (secret: string, ms: number) =>
  (await Independent.generate(secret, { timestamp: ms })).otp;

describe('TOTP window', () => {
  const secret = newSecret();
  const now = Date.UTC(2026, 10, 20, 12, 0, 10);

  it('accepts the current step and the previous one (a code typed as it changes), and names the step', async () => {
    expect(matchStep(secret, await codeAt(secret, now), now)).toBe(stepAt(now));
    expect(matchStep(secret, await codeAt(secret, now - 30_000), now)).toBe(stepAt(now) - 1);
    // The last second of the previous step, read just after the change.
    expect(matchStep(secret, await codeAt(secret, now - 10_001), now)).toBe(stepAt(now) - 1);
  });

  it('refuses the next step, two steps away, other secrets and malformed codes', async () => {
    expect(matchStep(secret, await codeAt(secret, now + 30_000), now)).toBeNull();
    expect(matchStep(secret, await codeAt(secret, now - 60_000), now)).toBeNull();
    expect(matchStep(secret, await codeAt(secret, now + 60_000), now)).toBeNull();
    expect(matchStep(newSecret(), await codeAt(secret, now), now)).toBeNull();
    expect(matchStep(secret, '12345', now)).toBeNull();
    expect(matchStep(secret, 'abcdef', now)).toBeNull();
  });
});

describe('secrets at rest', () => {
  it('round-trips, and does not open under another key or for another user', () => {
    const sealed = sealSecret('key-one', 7, 'JBSWY3DPEHPK3PXP');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(openSecret('key-one', 7, sealed)).toBe('JBSWY3DPEHPK3PXP');
    expect(() => openSecret('key-two', 7, sealed)).toThrow();
    expect(() => openSecret('key-one', 8, sealed)).toThrow();
  });
});

describe('recovery codes', () => {
  it('are ten distinct codes, each spent once, typed in any case or without the dash', () => {
    const codes = newRecoveryCodes();
    expect(new Set(codes).size).toBe(10);
    const stored = JSON.stringify(codes.map(hashRecoveryCode));
    const left = spendRecoveryCode(stored, (codes[3] as string).toUpperCase().replace('-', ''));
    expect(left).toHaveLength(9);
    expect(spendRecoveryCode(JSON.stringify(left), codes[3] as string)).toBeNull();
    expect(spendRecoveryCode(stored, 'aaaaa-bbbbb')).toBeNull();
    expect(spendRecoveryCode(null, codes[0] as string)).toBeNull();
  });
});

describe('the reminder rule', () => {
  const day = 24 * 3_600_000;
  it('shows once more than 3 days have passed since showTime, while active, without MFA', () => {
    expect(reminderDue({ showTime: 0, active: true, mfaEnabled: false }, 3 * day)).toBe(false);
    expect(reminderDue({ showTime: 0, active: true, mfaEnabled: false }, 3 * day + 1)).toBe(true);
    expect(reminderDue({ showTime: 0, active: false, mfaEnabled: false }, 10 * day)).toBe(false);
    expect(reminderDue({ showTime: 0, active: true, mfaEnabled: true }, 10 * day)).toBe(false);
  });
});
