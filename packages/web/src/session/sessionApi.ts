import { type LoginRequest, type SessionResponse, sessionCalls } from '@lifeboat/contract';
import { call } from '../api/call';
import { ApiError } from '../api/client';

// The session calls without the query cache: the sign-in page makes them before the app (and
// react-query) has loaded (issue 18 point 19). session.ts wraps them in queries for the app.

/** The session probe: `null` when nobody is signed in. */
export async function fetchSession(): Promise<SessionResponse | null> {
  try {
    return await call(sessionCalls.current, {}, { expectUnauthorized: true });
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}

export function signIn(body: LoginRequest): Promise<SessionResponse> {
  return call(sessionCalls.signIn, { json: body }, { expectUnauthorized: true });
}

export async function signOut(): Promise<void> {
  await call(sessionCalls.signOut, {}, { expectUnauthorized: true });
}

/** The user's time zone (issue 24): days and times are written in it. */
export function saveTimeZone(timeZone: string): Promise<SessionResponse> {
  return call(sessionCalls.setTimeZone, { json: { timeZone } });
}
