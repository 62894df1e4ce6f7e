/** Why the login page is shown, and where to go after signing in (router location state). */
export interface LoginState {
  from?: string;
  reason?: 'ended' | 'signed-out';
}

export function readLoginState(state: unknown): LoginState {
  if (typeof state !== 'object' || state === null) return {};
  const s = state as Record<string, unknown>;
  const from = safeReturnPath(s.from) ?? undefined;
  const reason = s.reason === 'ended' || s.reason === 'signed-out' ? s.reason : undefined;
  return { from, reason };
}

/** A path to return to after signing in, if it is a page of this app (never an open redirect). */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return null;
  if (value === '/login' || value.startsWith('/login?') || value.startsWith('/api/')) return null;
  return value;
}
