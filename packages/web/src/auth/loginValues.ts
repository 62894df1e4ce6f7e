// The sign-in form's checks: the contract's loginRequest and loginWithCodeRequest
// (contract/src/session.ts), written out so the sign-in page loads without zod (issue 18 point
// 19). loginValues.test.ts holds them to the contract's schemas. The lengths are FIELD_MAX's
// (contract/src/fields.ts), written here because that module's schemas would bring zod along.
const FIELD_MAX = { username: 128, password: 256 } as const;

export type LoginField = 'username' | 'password' | 'code';
export type LoginValues = Record<LoginField, string>;
export type LoginErrors = Partial<Record<LoginField, string>>;

const tooLong = (max: number) => `Too big: expected string to have <=${max} characters`;

/** The message of one field, or undefined when it is fine. */
export function loginFieldError(
  field: LoginField,
  values: LoginValues,
  needCode: boolean,
): string | undefined {
  if (field === 'username') {
    const v = values.username.trim();
    if (v.length < 1) return 'Enter your user name.';
    if (v.length > FIELD_MAX.username) return tooLong(FIELD_MAX.username);
  } else if (field === 'password') {
    if (values.password.length < 1) return 'Enter your password.';
    if (values.password.length > FIELD_MAX.password) return tooLong(FIELD_MAX.password);
  } else {
    const v = values.code.trim();
    if (needCode && v.length < 1) return 'Enter the code from your authenticator app.';
    if (v.length > 16) return tooLong(16);
  }
  return undefined;
}

/** The fields on screen: the code only once the server has asked for it. */
export const loginInputs = (needCode: boolean): LoginField[] =>
  needCode ? ['username', 'password', 'code'] : ['username', 'password'];

/** Every message of the form (empty when it can be sent). */
export function checkLogin(values: LoginValues, needCode: boolean): LoginErrors {
  const errors: LoginErrors = {};
  for (const field of ['username', 'password', 'code'] as const) {
    const message = loginFieldError(field, values, needCode);
    if (message) errors[field] = message;
  }
  return errors;
}

/** What is sent: the user name trimmed, the code (trimmed) only once asked for. */
export function loginBody(values: LoginValues, needCode: boolean) {
  const username = values.username.trim();
  return needCode
    ? { username, password: values.password, code: values.code.trim() }
    : { username, password: values.password };
}
