import { safeReturnPath } from '../routes/tabPaths';

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
