import type { Database } from '@lifeboat/db';
import { type Kysely, sql } from 'kysely';

// Sign-in limits (docs/sign-in-limits.md, OWASP ASVS 2.2.1). Failures are counted per account
// and address pair, in the database so several instances and restarts share one count, and each
// count changes in one statement so parallel attempts are all counted. Nobody is locked out by
// someone else: a pair only slows itself down, and the account-wide ceiling spares addresses the
// account has signed in from.
export const SIGN_IN_LIMITS = {
  /** Failures of a pair before it has to wait. */
  freeFailures: 5,
  /** The wait after the last free failure; it doubles with each further failure... */
  firstDelayMs: 30_000,
  /** ...up to this. */
  maxDelayMs: 15 * 60_000,
  /** A pair's count starts over after this long without an attempt past its wait. */
  forgetAfterMs: 24 * 3_600_000,
  /** Failed attempts on one account per hour from addresses it has not signed in from. */
  accountPerHour: 100,
  accountWindowMs: 3_600_000,
  /** An address the account signed in from stays known this long. */
  knownForMs: 30 * 24 * 3_600_000,
} as const;

const L = SIGN_IN_LIMITS;
const name = (username: string) => username.toLowerCase();
export const pairKey = (username: string, ip: string) => `pair:${ip}|${name(username)}`;
export const accountKey = (username: string) => `account:${name(username)}`;
export const knownKey = (username: string, ip: string) => `known:${ip}|${name(username)}`;

/** The wait after the nth failure of a pair (n from 1). */
export function delayAfter(failures: number): number {
  if (failures < L.freeFailures) return 0;
  return Math.min(L.firstDelayMs * 2 ** (failures - L.freeFailures), L.maxDelayMs);
}

/** SQL for delayAfter(count), without power(), which SQLite may lack. */
function delaySql(count: ReturnType<typeof sql>) {
  const steps: number[] = [];
  for (let n = L.freeFailures; delayAfter(n) < L.maxDelayMs; n++) steps.push(n);
  const whens = steps.map((n) => sql`when ${count} = ${sql.lit(n)} then ${sql.lit(delayAfter(n))}`);
  return sql`(case when ${count} < ${sql.lit(L.freeFailures)} then 0 ${sql.join(whens, sql` `)} else ${sql.lit(L.maxDelayMs)} end)`;
}

export type Reservation = { ok: true } | { ok: false; waitMs: number };

/**
 * Count this attempt as a failure of its pair before the password is checked, in one statement,
 * unless the pair must still wait. A right password then clears the pair (`signedIn`).
 */
export async function reserveAttempt(
  db: Kysely<Database>,
  username: string,
  ip: string,
  now: number,
): Promise<Reservation> {
  const key = pairKey(username, ip);
  const stale = sql`login_attempts.retry_at + ${sql.lit(L.forgetAfterMs)} <= ${now}`;
  const count = sql`(case when ${stale} then 1 else login_attempts.failures + 1 end)`;
  const row = await db
    .insertInto('login_attempts')
    .values({ key, window_start: now, failures: 1, retry_at: now + delayAfter(1) })
    .onConflict((oc) =>
      oc
        .column('key')
        .doUpdateSet({
          failures: sql<number>`${count}`,
          window_start: sql<number>`case when ${stale} then ${now} else login_attempts.window_start end`,
          retry_at: sql<number>`cast(${now} as bigint) + ${delaySql(count)}`,
        })
        .where(sql<boolean>`login_attempts.retry_at <= ${now}`),
    )
    .returning('failures')
    .executeTakeFirst();
  if (row) return { ok: true };
  const held = await db
    .selectFrom('login_attempts')
    .select('retry_at')
    .where('key', '=', key)
    .executeTakeFirst();
  return { ok: false, waitMs: Math.max(1000, Number(held?.retry_at ?? now) - now) };
}

/**
 * The account-wide ceiling (ASVS 2.2.1: at most 100 failed attempts an hour on one account):
 * milliseconds this address must wait, 0 when it may try. Addresses the account signed in from
 * are never held by it.
 */
export async function accountWait(
  db: Kysely<Database>,
  username: string,
  ip: string,
  now: number,
): Promise<number> {
  const row = await db
    .selectFrom('login_attempts')
    .select(['window_start', 'failures'])
    .where('key', '=', accountKey(username))
    .executeTakeFirst();
  const end = row ? Number(row.window_start) + L.accountWindowMs : 0;
  if (!row || end <= now || Number(row.failures) < L.accountPerHour) return 0;
  const known = await db
    .selectFrom('login_attempts')
    .select('window_start')
    .where('key', '=', knownKey(username, ip))
    .where('window_start', '>', now - L.knownForMs)
    .executeTakeFirst();
  return known ? 0 : end - now;
}

/** A wrong password: count it against the account's hour, in one statement. */
export async function recordAccountFailure(db: Kysely<Database>, username: string, now: number) {
  const stale = sql`login_attempts.window_start + ${sql.lit(L.accountWindowMs)} <= ${now}`;
  await db
    .insertInto('login_attempts')
    .values({ key: accountKey(username), window_start: now, failures: 1, retry_at: 0 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        failures: sql<number>`case when ${stale} then 1 else login_attempts.failures + 1 end`,
        window_start: sql<number>`case when ${stale} then ${now} else login_attempts.window_start end`,
      }),
    )
    .execute();
}

/** The right password: the pair starts over and the address becomes known for the account. */
export async function signedIn(db: Kysely<Database>, username: string, ip: string, now: number) {
  await db.deleteFrom('login_attempts').where('key', '=', pairKey(username, ip)).execute();
  await db
    .insertInto('login_attempts')
    .values({ key: knownKey(username, ip), window_start: now, failures: 0, retry_at: 0 })
    .onConflict((oc) => oc.column('key').doUpdateSet({ window_start: now }))
    .execute();
}

/** "30 seconds", "2 minutes": how long to wait, rounded up. */
export function waitWords(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
