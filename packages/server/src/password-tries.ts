import { verifyPassword } from '@lifeboat/contract/node';
import { TooManyRequestsError } from './http/errors';

// Passwords that guard one object (a protected system's, recovery-flow 5; a runbook's, issue 16)
// are checked on the server. Failed tries are counted per object and per user; past the limit the
// check answers 429 until the window ends, so nobody can guess one by trying (in memory: one
// console instance; docs/decisions.md 'System password checks').

export const PASSWORD_TRIES = { max: 5, windowMs: 15 * 60_000 } as const;

const failures = new Map<string, number[]>();

function recent(key: string, now: number): number[] {
  const list = (failures.get(key) ?? []).filter((t) => t > now - PASSWORD_TRIES.windowMs);
  failures.set(key, list);
  return list;
}

/**
 * Check `password` against `hash` (null: no password can be right); throws 429 when too many
 * tries failed for `subject` (for example `system:12`) or for the user.
 */
export async function checkGuardedPassword(
  q: { subject: string; userId: number; hash: string | null; password: string },
  now: number,
): Promise<boolean> {
  const keys = [q.subject, `user:${q.userId}`];
  for (const k of keys) {
    const list = recent(k, now);
    if (list.length >= PASSWORD_TRIES.max) {
      const wait = Math.ceil(((list[0] ?? now) + PASSWORD_TRIES.windowMs - now) / 1000);
      throw new TooManyRequestsError('Too many wrong passwords. Wait a few minutes, then try again.', wait);
    }
  }
  const ok = q.hash !== null && q.password !== '' && (await verifyPassword(q.password, q.hash));
  if (!ok) for (const k of keys) recent(k, now).push(now);
  return ok;
}

/** Tests start from a clean slate. */
export function resetPasswordTries(): void {
  failures.clear();
}
