import { loginRequest, loginWithCodeRequest } from '@lifeboat/contract';
import { describe, expect, it } from 'vitest';
import { checkLogin, type LoginValues, loginBody } from './loginValues';

// The sign-in form checks by hand what the contract's schemas check (it loads without zod):
// these cases hold the two to the same messages and the same cleaned values.
const long = (n: number) => 'x'.repeat(n);
const CASES: LoginValues[] = [
  { username: '', password: '', code: '' },
  { username: '   ', password: 'demo', code: '' },
  { username: ' reseller ', password: '', code: '' },
  { username: ' reseller ', password: ' demo ', code: ' 123456 ' },
  { username: long(129), password: long(257), code: long(17) },
  { username: long(128), password: long(256), code: long(16) },
  { username: 'a', password: 'b', code: '   ' },
];

function schemaErrors(needCode: boolean, values: LoginValues) {
  const schema = needCode ? loginWithCodeRequest : loginRequest;
  const result = schema.safeParse(values);
  const errors: Record<string, string> = {};
  if (!result.success)
    for (const issue of result.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return { errors, data: result.success ? result.data : undefined };
}

describe('sign-in checks', () => {
  for (const needCode of [false, true]) {
    it.each(CASES)(`agree with the contract's schema (code asked: ${needCode}) for %o`, (values) => {
      const expected = schemaErrors(needCode, values);
      expect(checkLogin(values, needCode)).toEqual(expected.errors);
      if (expected.data) {
        const { code, ...rest } = expected.data;
        expect(loginBody(values, needCode)).toEqual(needCode ? { ...rest, code } : rest);
      }
    });
  }
});
