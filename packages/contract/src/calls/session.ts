import { z } from 'zod';
import { defineCall } from '../call';
import { loginRequest, sessionResponse, timeZoneBody } from '../session';

// spec: platform issue 6 'Sessions and the security base': POST/GET/DELETE /api/session.
export const sessionCalls = {
  signIn: defineCall({
    area: 'session',
    method: 'POST',
    path: '/api/session',
    summary: 'Sign in with user name, password and (when enrolled) a one-time code; sets the session cookie.',
    access: 'public',
    json: loginRequest,
    answers: { 200: sessionResponse },
  }),
  current: defineCall({
    area: 'session',
    method: 'GET',
    path: '/api/session',
    right: 'read',
    summary: 'The signed-in user and the anti-forgery token of the session (401 when signed out).',
    access: 'csrfExempt',
    beforeMfa: true,
    answers: { 200: sessionResponse },
  }),
  setTimeZone: defineCall({
    area: 'session',
    method: 'PUT',
    path: '/api/session/time_zone',
    right: 'manage_own_account',
    summary:
      "Set the signed-in user's time zone, in which days and times are written (a user profile setting).",
    beforeMfa: true,
    json: timeZoneBody,
    examples: { timeZone: 'Europe/Paris' },
    answers: { 200: sessionResponse },
  }),
  signOut: defineCall({
    area: 'session',
    method: 'DELETE',
    path: '/api/session',
    right: 'manage_own_account',
    summary: 'Sign out: end the session and clear its cookie.',
    beforeMfa: true,
    answers: { 200: z.object({ ok: z.literal(true) }) },
  }),
};
