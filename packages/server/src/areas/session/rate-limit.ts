import type { Database } from '@lifeboat/db';
import type { Kysely } from 'kysely';

// Failed sign-ins are counted in the database (not in memory) so several console instances and
// restarts share one count. A window opens at the first failure and lasts WINDOW_MS.
export const LOGIN_LIMITS = { perUser: 5, perAddress: 30, windowMs: 15 * 60 * 1000 } as const;

export const userKey = (username: string) => `user:${username.toLowerCase()}`;
export const addressKey = (ip: string) => `ip:${ip}`;

/** Milliseconds until the key may try again, or 0 when it may try now. */
export async function blockedFor(
  db: Kysely<Database>,
  key: string,
  limit: number,
  now: number,
): Promise<number> {
  const row = await db.selectFrom('login_attempts').selectAll().where('key', '=', key).executeTakeFirst();
  if (!row || now - row.window_start >= LOGIN_LIMITS.windowMs) return 0;
  return row.failures >= limit ? row.window_start + LOGIN_LIMITS.windowMs - now : 0;
}

export async function recordFailure(db: Kysely<Database>, key: string, now: number): Promise<void> {
  const row = await db.selectFrom('login_attempts').selectAll().where('key', '=', key).executeTakeFirst();
  if (!row || now - row.window_start >= LOGIN_LIMITS.windowMs) {
    await db
      .insertInto('login_attempts')
      .values({ key, window_start: now, failures: 1 })
      .onConflict((oc) => oc.column('key').doUpdateSet({ window_start: now, failures: 1 }))
      .execute();
    return;
  }
  await db
    .updateTable('login_attempts')
    .set((eb) => ({ failures: eb('failures', '+', 1) }))
    .where('key', '=', key)
    .execute();
}

export async function clearFailures(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom('login_attempts').where('key', '=', key).execute();
}
