import type { Database } from '@lifeboat/db';
import type { Kysely } from 'kysely';
import { GUESS_DELAYS, type Guard } from '../../attempts';
import { hashToken } from './repository';

// Sign-in limits (docs/sign-in-limits.md, OWASP ASVS 2.2.1). Attempts are counted per account and
// address pair (or per account and known device), before the password is checked, in the database
// (attempts.ts), so several instances and restarts share one count. Nobody is locked out by someone
// else: a pair only slows itself down, the account-wide ceiling spares the addresses the account
// signed in from, and a device the account signed in on counts only its own failures.
export const SIGN_IN_LIMITS = {
  ...GUESS_DELAYS,
  /** Failed attempts on one account per hour from unfamiliar addresses and devices. */
  accountPerHour: 100,
  accountWindowMs: 3_600_000,
  /** An address or device the account signed in from stays known this long. */
  knownForMs: 30 * 24 * 3_600_000,
} as const;

const L = SIGN_IN_LIMITS;
const name = (username: string) => username.toLowerCase();
export const pairKey = (username: string, ip: string) => `pair:${ip}|${name(username)}`;
export const accountKey = (username: string) => `account:${name(username)}`;
export const knownKey = (username: string, ip: string) => `known:${ip}|${name(username)}`;
const deviceKey = (device: string, username: string) => `device:${device}|${name(username)}`;
const knownDeviceKey = (device: string, username: string) => `knowndev:${device}|${name(username)}`;

/** Where an attempt comes from: the client address, and the device cookie's hash when it has one. */
export interface Origin {
  ip: string;
  /** hashToken of the device cookie, or null. */
  device: string | null;
}

/** The device cookie's hash when it is one the console could have given (32 random bytes). */
export const deviceOf = (cookie: string | undefined): string | null =>
  cookie && /^[A-Za-z0-9_-]{43}$/.test(cookie) ? hashToken(cookie) : null;

async function isKnown(db: Kysely<Database>, key: string, now: number): Promise<boolean> {
  const row = await db
    .selectFrom('login_attempts')
    .select('window_start')
    .where('key', '=', key)
    .where('window_start', '>', now - L.knownForMs)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The counts this attempt goes against. On a device the account signed in on: that device's own
 * count only. Elsewhere: the address pair's, and the account's hourly ceiling unless the account
 * signed in from this address.
 */
export async function signInGuards(
  db: Kysely<Database>,
  username: string,
  from: Origin,
  now: number,
): Promise<Guard[]> {
  const delay = { kind: 'delay' } as const;
  if (from.device && (await isKnown(db, knownDeviceKey(from.device, username), now)))
    return [{ key: deviceKey(from.device, username), policy: delay, onRight: 'clear' }];
  const pair: Guard = { key: pairKey(username, from.ip), policy: delay, onRight: 'clear' };
  if (await isKnown(db, knownKey(username, from.ip), now)) return [pair];
  const ceiling = { kind: 'window', max: L.accountPerHour, windowMs: L.accountWindowMs } as const;
  return [{ key: accountKey(username), policy: ceiling, onRight: 'refund' }, pair];
}

/** The right password: the address and the device become known for the account. */
export async function signedIn(db: Kysely<Database>, username: string, from: Origin, now: number) {
  const keys = [knownKey(username, from.ip), ...(from.device ? [knownDeviceKey(from.device, username)] : [])];
  for (const key of keys)
    await db
      .insertInto('login_attempts')
      .values({ key, window_start: now, failures: 0, retry_at: 0 })
      .onConflict((oc) => oc.column('key').doUpdateSet({ window_start: now }))
      .execute();
}
