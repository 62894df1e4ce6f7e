import { z } from 'zod';
import { ORG_KINDS } from './enums';
import { FIELD_MAX } from './fields';
import { RIGHT_NAMES, type Right } from './rights';

// spec: platform issue 6 'Sessions and the security base'. Also the sign-in form's schema.
export const loginRequest = z.object({
  username: z.string().trim().min(1, 'Enter your user name.').max(FIELD_MAX.username),
  password: z.string().min(1, 'Enter your password.').max(FIELD_MAX.password),
  code: z.string().trim().max(16).optional(),
});
export type LoginRequest = z.infer<typeof loginRequest>;

/** The sign-in form once the server has asked for the MFA code. */
export const loginWithCodeRequest = loginRequest.extend({
  code: z.string().trim().min(1, 'Enter the code from your authenticator app.').max(16),
});

export const sessionUser = z.object({
  id: z.number().int(),
  name: z.string(),
  username: z.string(),
  level: z.number().int().min(0).max(3),
  organisationId: z.number().int(),
  organisationName: z.string(),
  organisationKind: z.enum(ORG_KINDS),
  isProvider: z.boolean(),
  /** The IANA time zone every date is written in (null until stored: the browser's is used). */
  timeZone: z.string().nullable(),
  /** What the user may do (rights.ts): the web app shows and hides by these only. */
  rights: z.array(z.enum(RIGHT_NAMES as [Right, ...Right[]])),
});
export type SessionUser = z.infer<typeof sessionUser>;

/** A time zone the runtime knows by its IANA name ("Europe/Paris"), or UTC. */
export function isTimeZone(name: string): boolean {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone.length > 0;
  } catch {
    return false;
  }
}

export const timeZoneBody = z.object({
  timeZone: z.string().max(64).refine(isTimeZone, 'Choose a time zone from the list, such as Europe/Paris.'),
});
export type TimeZoneBody = z.infer<typeof timeZoneBody>;

export const sessionResponse = z.object({ user: sessionUser, csrfToken: z.string() });
export type SessionResponse = z.infer<typeof sessionResponse>;

/** Every error answer of the API has this shape. */
export const errorResponse = z.object({
  code: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;
