import { z } from 'zod';

// Field rules of the edit dialogs and the sign-in (issue 11.7 'Forms from schemas'): lengths,
// allowed characters and messages, in one place. The web's forms validate with them before
// sending; the server's saves check the same rules again (whatever the browser sends).

export const FIELD_MAX = { name: 100, email: 254, username: 128, password: 256 } as const;
export const PASSWORD_MIN = 8;

// spec 5: entity edit inputs drop characters other than letters, digits, whitespace and these.
const DROPPED = /[^\p{L}\p{N}\s_@.\-~!#$%^&*()+=|/'"]/gu;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** A user name, once lower-cased: no spaces, few signs (it is typed at every sign-in). */
const USERNAME = /^[a-z0-9_@.\-+]+$/;

/** Drop the characters an entity edit input does not accept (spec: 5 'Entity edit inputs'). */
export function sanitizeEntityInput(value: string): string {
  return value.replace(DROPPED, '');
}

export const fieldMessages = {
  required: (label: string) => `Enter the ${label}.`,
  tooLong: (label: string, max: number) => `The ${label} can be at most ${max} characters.`,
  email: 'Enter an e-mail address such as name@example.com.',
  username: 'Use letters, digits and _ @ . - + only, without spaces.',
  passwordShort: `Use at least ${PASSWORD_MIN} characters.`,
  passwordLong: `Use at most ${FIELD_MAX.password} characters.`,
  reseller: 'Choose the reseller the client belongs to.',
} as const;

/** Entity text as stored: sanitised (spec 5) and trimmed. */
const cleaned = z.string().transform((v) => sanitizeEntityInput(v).trim());

/** A text of an edit dialog: sanitised, trimmed, at most `max` characters; required when asked. */
export function textRule(label: string, max: number, required = false) {
  const checked = z.string().max(max, fieldMessages.tooLong(label, max));
  return cleaned.pipe(required ? checked.min(1, fieldMessages.required(label)) : checked);
}

/** A name: "client name", "name". Required. */
export const nameRule = (label: string) => textRule(label, FIELD_MAX.name, true);

/** An e-mail address, lower-cased; empty allowed unless required. */
export function emailRule(required = false) {
  return textRule('e-mail address', FIELD_MAX.email, required)
    .transform((v) => v.toLowerCase())
    .refine((v) => v === '' || EMAIL.test(v), fieldMessages.email);
}

/** A new user name, lower-cased; empty means "use the e-mail address" (the save decides). */
export const usernameRule = textRule('user name', FIELD_MAX.username)
  .transform((v) => v.toLowerCase())
  .refine((v) => v === '' || USERNAME.test(v), fieldMessages.username);

/** A new password: every character kept, at least PASSWORD_MIN long. */
export const passwordRule = z
  .string()
  .min(PASSWORD_MIN, fieldMessages.passwordShort)
  .max(FIELD_MAX.password, fieldMessages.passwordLong);

/** On edit: empty keeps the current password, anything else must be a valid new one. */
export const changedPasswordRule = z
  .string()
  .max(FIELD_MAX.password, fieldMessages.passwordLong)
  .refine((v) => v === '' || v.length >= PASSWORD_MIN, fieldMessages.passwordShort);

/** A required choice made in a picker (its value is the chosen id as text). */
export const choiceRule = (message: string) => z.string().min(1, message);

/** The first message per field of a failed check: what a form or a save shows under each input. */
export function fieldIssues(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.');
    out[key] ??= issue.message;
  }
  return out;
}
