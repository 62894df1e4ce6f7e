import type { Database } from '@lifeboat/db';
import type { Kysely } from 'kysely';
import { guarded } from '../../attempts';
import { TooManyRequestsError } from '../../http/errors';
import { FtpsRefusal } from './ftps-file-system';

// Wrong FTPS passwords are limited per address (docs/decisions.md 'FTPS sessions'), counted in
// the database like every other password (attempts.ts, docs/sign-in-limits.md): each try is
// counted before the password is compared, so tries sent at once, to any instance's FTPS server,
// cannot pass the limit; past it the login is refused with the wait, without a comparison. Per
// address, not per login: a third party who knows a login cannot lock its owner out, and an
// export's password (16 random characters) cannot be guessed from many addresses either. A right
// password takes back only its own try, not the address's failures.

export const FTPS_LOGIN_TRIES = { kind: 'window', max: 5, windowMs: 15 * 60_000 } as const;

/**
 * Run `check` (the login's comparison: its answer, or null when wrong) as one counted try from
 * `address`; refused with the wait, without running it, once too many failed.
 */
export async function countedLogin<T>(
  db: Kysely<Database>,
  address: string,
  now: number,
  check: () => Promise<T | null>,
): Promise<T | null> {
  try {
    return await guarded(
      db,
      [{ key: `ftps:address:${address}`, policy: FTPS_LOGIN_TRIES, onRight: 'refund' }],
      now,
      (wait) => `Too many wrong passwords from your address. Wait ${wait}, then try again.`,
      check,
      (verdict) => verdict !== null,
    );
  } catch (err) {
    if (err instanceof TooManyRequestsError) throw new FtpsRefusal(err.message);
    throw err;
  }
}
