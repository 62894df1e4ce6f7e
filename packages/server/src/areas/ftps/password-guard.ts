import { verifyPassword } from '@lifeboat/contract/node';
import { TooManyRequestsError } from '../../http/errors';

// spec: recovery-flow 5, a protected system's password is checked on the server. Failed tries
// are counted per system and per user; past the limit the check answers 429 until the window
// ends (in memory: one console instance; docs/decisions.md 'System password checks').

export const PASSWORD_TRIES = { max: 5, windowMs: 15 * 60_000 } as const;

const failures = new Map<string, number[]>();

function recent(key: string, now: number): number[] {
  const list = (failures.get(key) ?? []).filter((t) => t > now - PASSWORD_TRIES.windowMs);
  failures.set(key, list);
  return list;
}

/** Check `password` against the system's hash; throws 429 when too many tries failed. */
export async function checkSystemPassword(
  q: { systemId: number; userId: number; hash: string | null; password: string },
  now: number,
): Promise<boolean> {
  const keys = [`system:${q.systemId}`, `user:${q.userId}`];
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
export function resetPasswordGuard(): void {
  failures.clear();
}
