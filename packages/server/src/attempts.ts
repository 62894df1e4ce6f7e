import { plural } from '@lifeboat/contract';
import type { Database } from '@lifeboat/db';
import { type Kysely, sql } from 'kysely';
import { TooManyRequestsError } from './http/errors';

// Guessing limits for every password and code the console checks (docs/sign-in-limits.md; OWASP
// ASVS 2.2.1): an attempt is counted in the database, in one statement, before its password or
// code is compared, so attempts sent at once, to any instance, are counted one by one. A count
// also holds the attempts still being checked (`pending`): a request held only by those waits for
// their outcome, so several right passwords at once all pass while wrong ones are held.

/** The growing waits of a key: free failures, then a wait that doubles with each failure. */
export const GUESS_DELAYS = {
  freeFailures: 5,
  firstDelayMs: 30_000,
  maxDelayMs: 15 * 60_000,
  /** A key's count starts over after this long without an attempt past its wait. */
  forgetAfterMs: 24 * 3_600_000,
} as const;

/** `delay`: GUESS_DELAYS; `window`: at most `max` attempts per `windowMs` (an hourly ceiling). */
export type AttemptPolicy = { kind: 'delay' } | { kind: 'window'; max: number; windowMs: number };

/**
 * What a right password does to a key: `clear` starts it over (the subject's own count), `refund`
 * takes back only this attempt (a count over many subjects, which one known password must not reset).
 */
export interface Guard {
  key: string;
  policy: AttemptPolicy;
  onRight: 'clear' | 'refund';
}

/** How long a request held only by attempts still being checked waits for them (real time). */
const IN_FLIGHT_WAIT_MS = 5_000;
const POLL_MS = 25;

const D = GUESS_DELAYS;

/** The wait after the nth failure of a key (n from 1). */
export function delayAfter(failures: number): number {
  if (failures < D.freeFailures) return 0;
  return Math.min(D.firstDelayMs * 2 ** (failures - D.freeFailures), D.maxDelayMs);
}

/** SQL for delayAfter(count), without power(), which SQLite may lack. */
function delaySql(count: ReturnType<typeof sql>) {
  const steps: number[] = [];
  for (let n = D.freeFailures; delayAfter(n) < D.maxDelayMs; n++) steps.push(n);
  const whens = steps.map((n) => sql`when ${count} = ${sql.lit(n)} then ${sql.lit(delayAfter(n))}`);
  return sql`(case when ${count} < ${sql.lit(D.freeFailures)} then 0 ${sql.join(whens, sql` `)} else ${sql.lit(D.maxDelayMs)} end)`;
}

const t = sql`login_attempts`;

/** The policy's SQL: when a row's count starts over, when it may try, and its wait after `count`. */
function rules(policy: AttemptPolicy, now: number) {
  if (policy.kind === 'delay')
    return {
      stale: sql`${t}.retry_at + ${sql.lit(D.forgetAfterMs)} <= ${now}`,
      open: sql`${t}.retry_at <= ${now}`,
      retryAt: (count: ReturnType<typeof sql>) => sql`cast(${now} as bigint) + ${delaySql(count)}`,
    };
  const stale = sql`${t}.window_start + ${sql.lit(policy.windowMs)} <= ${now}`;
  return {
    stale,
    open: sql`(${stale} or ${t}.failures < ${sql.lit(policy.max)})`,
    retryAt: () => sql`cast(0 as bigint)`,
  };
}

/** Held only by attempts still being checked: their outcome may free it. */
type Try = { ok: true } | { ok: false; waitMs: number; inFlightOnly: boolean };

/** Failures a key takes before it waits. */
const freeOf = (policy: AttemptPolicy) => (policy.kind === 'delay' ? D.freeFailures : policy.max);

async function tryReserve(
  db: Kysely<Database>,
  key: string,
  policy: AttemptPolicy,
  now: number,
): Promise<Try> {
  const r = rules(policy, now);
  const count = sql`(case when ${r.stale} then 1 else ${t}.failures + 1 end)`;
  const first = policy.kind === 'delay' ? now + delayAfter(1) : 0;
  const row = await db
    .insertInto('login_attempts')
    .values({ key, window_start: now, failures: 1, retry_at: first, pending: 1 })
    .onConflict((oc) =>
      oc
        .column('key')
        .doUpdateSet({
          failures: sql<number>`${count}`,
          pending: sql<number>`case when ${r.stale} then 1 else ${t}.pending + 1 end`,
          window_start: sql<number>`case when ${r.stale} then ${now} else ${t}.window_start end`,
          retry_at: sql<number>`${r.retryAt(count)}`,
        })
        .where(sql<boolean>`(${r.stale} or ${r.open})`),
    )
    .returning('failures')
    .executeTakeFirst();
  if (row) return { ok: true };
  const held = await db
    .selectFrom('login_attempts')
    .select(['retry_at', 'window_start', 'failures', 'pending'])
    .where('key', '=', key)
    .executeTakeFirst();
  const until =
    policy.kind === 'delay'
      ? Number(held?.retry_at ?? now)
      : Number(held?.window_start ?? now) + policy.windowMs;
  const pending = Number(held?.pending ?? 0);
  const known = Number(held?.failures ?? 0) - pending;
  return {
    ok: false,
    waitMs: Math.max(1000, until - now),
    inFlightOnly: pending > 0 && known < freeOf(policy),
  };
}

/**
 * Count this attempt against `key` before the password or code is checked, unless the key must
 * wait. Held only by other attempts still being checked (their known failures alone would not
 * hold it), it waits for their outcome; held by known failures, it is refused at once.
 */
export async function reserveAttempt(
  db: Kysely<Database>,
  key: string,
  policy: AttemptPolicy,
  now: number,
): Promise<{ ok: true } | { ok: false; waitMs: number }> {
  const started = Date.now();
  for (;;) {
    const r = await tryReserve(db, key, policy, now);
    if (r.ok) return r;
    if (!r.inFlightOnly || Date.now() - started > IN_FLIGHT_WAIT_MS) return { ok: false, waitMs: r.waitMs };
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** The outcome of a counted attempt: it stays a failure, or a right one clears or is refunded. */
export async function settleAttempt(
  db: Kysely<Database>,
  guard: Guard,
  outcome: 'wrong' | 'right' | 'refund',
): Promise<void> {
  const pending = sql<number>`case when ${t}.pending > 0 then ${t}.pending - 1 else 0 end`;
  const q = db.updateTable('login_attempts').where('key', '=', guard.key);
  if (outcome === 'wrong') {
    await q.set({ pending }).execute();
    return;
  }
  // Cleared, the count keeps only the attempts still being checked.
  const count =
    outcome === 'right' && guard.onRight === 'clear'
      ? sql`(case when ${t}.pending > 1 then ${t}.pending - 1 else 0 end)`
      : sql`(case when ${t}.failures > 1 then ${t}.failures - 1 else 0 end)`;
  const retryAt =
    guard.policy.kind === 'delay'
      ? sql<number>`case when ${count} < ${sql.lit(D.freeFailures)} then 0 else ${t}.retry_at end`
      : sql<number>`${t}.retry_at`;
  await q.set({ failures: sql<number>`${count}`, pending, retry_at: retryAt }).execute();
}

/** "30 seconds", "2 minutes": how long to wait, rounded up. */
export function waitWords(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  return seconds < 60 ? plural(seconds, 'second') : plural(Math.ceil(seconds / 60), 'minute');
}

/**
 * Count the attempt against every guard, then run `check`; a wrong answer (or a throw) stays
 * counted, a right one is settled as each guard says. Over a limit: 429 with `tooMany(wait)`, a
 * sentence, and Retry-After.
 */
export async function guarded<T>(
  db: Kysely<Database>,
  guards: Guard[],
  now: number,
  tooMany: (wait: string) => string,
  check: () => Promise<T>,
  isRight: (verdict: T) => boolean,
): Promise<T> {
  const taken: Guard[] = [];
  for (const g of guards) {
    const r = await reserveAttempt(db, g.key, g.policy, now);
    if (!r.ok) {
      for (const done of taken) await settleAttempt(db, done, 'refund');
      throw new TooManyRequestsError(tooMany(waitWords(r.waitMs)), Math.ceil(r.waitMs / 1000));
    }
    taken.push(g);
  }
  let right = false;
  try {
    const verdict = await check();
    right = isRight(verdict);
    return verdict;
  } finally {
    for (const g of taken) await settleAttempt(db, g, right ? 'right' : 'wrong');
  }
}
