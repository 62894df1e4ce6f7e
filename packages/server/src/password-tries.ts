import { verifyPassword } from '@lifeboat/contract/node';
import type { Database } from '@lifeboat/db';
import type { Kysely } from 'kysely';
import { GUESS_DELAYS, guarded } from './attempts';

// Passwords that guard one object (a protected system's, recovery-flow 5; a runbook's, issue 16)
// are checked on the server, each attempt counted before the comparison, in the database
// (attempts.ts): per object and user, so one user's guessing never holds another (the owner keeps
// its password), and per user over every object, which a right password does not reset.

export const PASSWORD_TRIES = GUESS_DELAYS;

/**
 * Check `password` against `hash` (null: no password can be right); throws 429 when too many
 * tries failed for `subject` (for example `system:12`) by this user, or by this user overall.
 */
export function checkGuardedPassword(
  db: Kysely<Database>,
  q: { subject: string; userId: number; hash: string | null; password: string },
  now: number,
): Promise<boolean> {
  const delay = { kind: 'delay' } as const;
  return guarded(
    db,
    [
      { key: `guard:${q.subject}|user:${q.userId}`, policy: delay, onRight: 'clear' },
      { key: `guard:user:${q.userId}`, policy: delay, onRight: 'refund' },
    ],
    now,
    (wait) => `Too many wrong passwords. Wait ${wait}, then try again.`,
    async () => q.hash !== null && q.password !== '' && (await verifyPassword(q.password, q.hash)),
    (ok) => ok,
  );
}
