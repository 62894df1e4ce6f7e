import type { Database } from '@lifeboat/db';
import type { Kysely } from 'kysely';
import { checkGuardedPassword } from '../../password-tries';

// spec: recovery-flow 5, a protected system's password is checked on the server, with the tries
// counted per system and user and per user (password-tries.ts).

export { PASSWORD_TRIES } from '../../password-tries';

/** Check `password` against the system's hash; throws 429 when too many tries failed. */
export const checkSystemPassword = (
  db: Kysely<Database>,
  q: { systemId: number; userId: number; hash: string | null; password: string },
  now: number,
): Promise<boolean> => checkGuardedPassword(db, { ...q, subject: `system:${q.systemId}` }, now);
