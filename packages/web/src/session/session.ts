import type { Right, SessionResponse, SessionUser } from '@lifeboat/contract';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { configureApiClient } from '../api/client';
import { fetchSession, signIn, signOut } from './sessionApi';

/** Why the last session ended, so the login page can say so (UI state, not server data). */
export type SessionExit = 'ended' | 'signed-out';
let lastExit: SessionExit | undefined;
/** The user of the session that was just cleared, for the renders that follow it (useCurrentUser). */
let leavingUser: SessionUser | undefined;

export function sessionExitReason(): SessionExit | undefined {
  return lastExit;
}

/** Query keys of the session area: the current session lives only in the query cache. */
export const sessionKeys = {
  all: ['session'] as const,
  current: () => [...sessionKeys.all, 'current'] as const,
};

export { fetchSession, signIn, signOut } from './sessionApi';

export function readCsrfToken(client: QueryClient): string | undefined {
  return client.getQueryData<SessionResponse | null>(sessionKeys.current())?.csrfToken;
}

/** Forgets the session and every other answer cached for the previous user. */
export function clearSession(client: QueryClient, reason: SessionExit): void {
  lastExit = reason;
  leavingUser = client.getQueryData<SessionResponse | null>(sessionKeys.current())?.user ?? leavingUser;
  client.setQueryData<SessionResponse | null>(sessionKeys.current(), null);
  client.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionKeys.all[0] });
}

export function useSession() {
  return useQuery({
    queryKey: sessionKeys.current(),
    queryFn: fetchSession,
    // The session changes only by signing in or out (or by a 401 elsewhere), never by itself.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * The signed-in user; only for components rendered inside RequireSession. Signing out empties the
 * session while a page under RequireSession may still render once more before RequireSession
 * replaces it with the login page: a dashboard whose answers arrive in that moment, or a lazily
 * loaded part whose code arrives then (React resumes it without re-rendering its parents). That
 * last render sees the user who is leaving, instead of breaking the page on the way out.
 */
export function useCurrentUser(): SessionUser {
  const { data } = useSession();
  const user = data?.user ?? leavingUser;
  if (!user) throw new Error('useCurrentUser() needs a signed-in session (render inside RequireSession).');
  return user;
}

/**
 * Whether the signed-in user holds a right (contract rights.ts, answered by GET /api/session): the
 * app shows and hides by rights only, never by a level; the server refuses the call all the same.
 */
export function useRight(right: Right): boolean {
  return useCurrentUser().rights.includes(right);
}

/** A new session: the previous user's cached answers go, the session query holds the new one. */
export function applySignIn(client: QueryClient, session: SessionResponse): void {
  lastExit = undefined;
  leavingUser = undefined;
  client.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionKeys.all[0] });
  client.setQueryData(sessionKeys.current(), session);
}

export function useSignIn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: (session) => applySignIn(client, session),
  });
}

export function useSignOut() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    // Signed out locally even when the server could not be told: the user asked to leave.
    onSettled: () => clearSession(client, 'signed-out'),
  });
}

/**
 * Lets the API client read the anti-forgery token from the session query, and turns a 401 on
 * an ordinary call (idle or absolute timeout, signed out elsewhere) into the end of the
 * session: RequireSession then shows the login page with a notice and comes back afterwards.
 */
export function connectApiClient(client: QueryClient): void {
  configureApiClient({
    csrfToken: () => readCsrfToken(client),
    onUnauthorized: () => {
      if (client.getQueryData(sessionKeys.current())) clearSession(client, 'ended');
    },
  });
}
