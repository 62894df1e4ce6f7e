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
  distributor: 'Choose the distributor the reseller belongs to.',
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

// Network fields of the virtual office's settings (issue 17.5; inventory-reports-exports-security
// 3 'IPsec site', 'Runbook settings'): IPv4 addresses, IPv4 networks in CIDR notation, MACs.

const OCTET = '(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const IPV4 = new RegExp(`^${OCTET}(\\.${OCTET}){3}$`);
const MAC = /^[0-9a-f]{2}([:-][0-9a-f]{2}){5}$/i;

export const networkMessages = {
  ipv4: (label: string) => `Enter the ${label} as four numbers from 0 to 255, such as 203.0.113.10.`,
  cidr: (label: string) =>
    `Enter the ${label} as a network such as 192.168.1.0/24 (the address with its host bits zero).`,
  mac: 'Enter a MAC address such as 00:1a:2b:3c:4d:5e.',
} as const;

export const isIpv4 = (v: string): boolean => IPV4.test(v);

const ipv4ToInt = (v: string): number => v.split('.').reduce((n, o) => n * 256 + Number(o), 0);

/** An IPv4 network "a.b.c.d/n" whose host bits are zero (a plain address is not a network). */
export function isCidr(v: string): boolean {
  const m = /^([\d.]+)\/(\d{1,2})$/.exec(v);
  if (!m || !isIpv4(m[1] as string)) return false;
  const bits = Number(m[2]);
  if (bits > 32) return false;
  const host = 2 ** (32 - bits);
  return ipv4ToInt(m[1] as string) % host === 0;
}

/** An IPv4 address, trimmed. */
export const ipv4Rule = (label: string) =>
  z
    .string()
    .trim()
    .min(1, fieldMessages.required(label))
    .max(15, networkMessages.ipv4(label))
    .refine(isIpv4, networkMessages.ipv4(label))
    .meta({ examples: ['203.0.113.10'] });

/** An IPv4 network in CIDR notation, trimmed. */
export const cidrRule = (label: string) =>
  z
    .string()
    .trim()
    .min(1, fieldMessages.required(label))
    .max(18, networkMessages.cidr(label))
    .refine(isCidr, networkMessages.cidr(label));

/** A MAC address, lower-cased with colons. */
export const macRule = z
  .string()
  .trim()
  .refine((v) => MAC.test(v), networkMessages.mac)
  .transform((v) => v.toLowerCase().replaceAll('-', ':'));

/** Items typed in one box, separated by commas, spaces or line breaks; empty items dropped. */
export const splitList = (v: string): string[] =>
  v
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean);
