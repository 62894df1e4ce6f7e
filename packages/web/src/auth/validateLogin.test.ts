import { loginRequest } from '@lifeboat/contract';
import { describe, expect, it } from 'vitest';
import { validateLogin } from './validateLogin';

describe('validateLogin', () => {
  it('gives the same messages as the contract schema', () => {
    const values = { username: '  ', password: '' };
    const parsed = loginRequest.safeParse(values);
    expect(parsed.success).toBe(false);
    const fromSchema = Object.fromEntries(
      (parsed.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]),
    );
    expect(validateLogin(values)).toEqual(fromSchema);
  });

  it('accepts filled fields', () => {
    expect(validateLogin({ username: 'reseller', password: 'demo' })).toEqual({});
  });
});
