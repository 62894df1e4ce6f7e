import type { LoginRequest } from '@lifeboat/contract';

export type LoginFieldErrors = Partial<Record<keyof LoginRequest, string>>;

/**
 * The checks of the contract's `loginRequest` that a person can fail before sending the form
 * (the test keeps the messages equal to the schema's). Not the schema itself: zod would add
 * 80 kB to the first download, and the server validates every field anyway.
 */
export function validateLogin(values: { username: string; password: string }): LoginFieldErrors {
  const errors: LoginFieldErrors = {};
  if (values.username.trim() === '') errors.username = 'Enter your user name.';
  if (values.password === '') errors.password = 'Enter your password.';
  return errors;
}
