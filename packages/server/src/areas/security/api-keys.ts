import { randomBytes } from 'node:crypto';
import {
  API_KEY_PREFIX_LENGTH,
  API_KEYS_PER_USER,
  type ApiKeyCreateBody,
  type ApiKeyRow,
  isRight,
  keyScopes,
  RIGHTS,
  type Right,
} from '@lifeboat/contract';
import type { Database } from '@lifeboat/db';
import type { Kysely } from 'kysely';
import { reserveAttempt, settleAttempt, waitWords } from '../../attempts';
import { audit } from '../../audit/audit';
import type { AppContext } from '../../context';
import { ConflictError, ForbiddenError, NotFoundError, TooManyRequestsError } from '../../http/errors';
import { type Actor, parseId, unscoped } from '../../scope';
import { hashToken, toActor, userColumns } from '../session/repository';

// API keys (docs/decisions.md 'API keys'; issue 26.4). A key is 256 random bits after a short
// mark; only its SHA-256 is stored, with its first characters to tell keys apart. Every request
// made with a key looks it up by that hash (a unique index), so revoking it, removing or locking
// its user, or resetting the user's MFA stops it at the next request on every instance.

const MARK = 'lbk_';
/** Writing last_used_at on every call would turn each read into a write; a minute is enough. */
const TOUCH_EVERY_MS = 60_000;
const WINDOW_MS = 60_000;

const FROM_SESSION = 'API keys are made and revoked from a signed-in session, not with a key.';

/** Keys are a person's: a call made with a key cannot make or revoke keys. */
function refuseKey(actor: Actor) {
  if (actor.apiKeyId !== undefined) throw new ForbiddenError(FROM_SESSION);
}

type KeyRow = {
  id: number;
  name: string;
  prefix: string;
  scopes: string;
  created_at: number;
  expires_at: number;
  last_used_at: number | null;
  revoked_at: number | null;
};

const parseScopes = (json: string): Right[] => {
  const v: unknown = JSON.parse(json);
  return Array.isArray(v) ? v.filter((r): r is Right => typeof r === 'string' && isRight(r)) : [];
};

function present(r: KeyRow): ApiKeyRow {
  const rights = parseScopes(r.scopes);
  return {
    id: Number(r.id),
    name: r.name,
    prefix: r.prefix,
    rights,
    readOnly: rights.length === 1 && rights[0] === 'read',
    createdAt: Number(r.created_at),
    expiresAt: Number(r.expires_at),
    lastUsedAt: r.last_used_at === null ? null : Number(r.last_used_at),
    revokedAt: r.revoked_at === null ? null : Number(r.revoked_at),
  };
}

const own = (db: Kysely<Database>) => unscoped(db, "a user's own API keys, keyed on the actor's user id");
const keyColumns = [
  'id',
  'name',
  'prefix',
  'scopes',
  'created_at',
  'expires_at',
  'last_used_at',
  'revoked_at',
] as const;

/** GET /api/api_keys: the user's keys, newest first (at most API_KEYS_PER_USER). */
export async function listApiKeys(ctx: AppContext, actor: Actor) {
  const rows = await own(ctx.dbh.db)
    .selectFrom('api_keys')
    .select(keyColumns)
    .where('user_id', '=', actor.userId)
    .orderBy('id', 'desc')
    .limit(API_KEYS_PER_USER)
    .execute();
  return { keys: rows.map(present) };
}

/** POST /api/api_keys: a new key, answered once. No one gives a key a right they do not hold. */
export async function createApiKey(ctx: AppContext, actor: Actor, body: ApiKeyCreateBody, ip: string) {
  refuseKey(actor);
  const scopes = keyScopes(body);
  if (scopes.length === 0) throw new ConflictError('Choose read-only, or at least one right for the key.');
  const missing = scopes.filter((r) => !actor.rights.has(r));
  if (missing.length > 0)
    throw new ForbiddenError(
      `You cannot give a key a right you do not hold: ${missing.map((r) => RIGHTS[r].allows).join(' ')}`,
    );
  const now = ctx.clock.now();
  const key = MARK + randomBytes(32).toString('base64url');
  const prefix = key.slice(0, API_KEY_PREFIX_LENGTH);
  const { db } = ctx.dbh;
  const row = await db.transaction().execute(async (trx) => {
    const count = await own(trx)
      .selectFrom('api_keys')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', actor.userId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirstOrThrow();
    if (Number(count.n) >= API_KEYS_PER_USER)
      throw new ConflictError(
        `You have ${API_KEYS_PER_USER} working keys, the most a user keeps. Revoke one you no longer use first.`,
      );
    const inserted = await own(trx)
      .insertInto('api_keys')
      .values({
        user_id: actor.userId,
        name: body.name,
        prefix,
        key_hash: hashToken(key),
        scopes: JSON.stringify(scopes),
        created_at: now,
        expires_at: now + body.days * 86_400_000,
      })
      .returning(keyColumns)
      .executeTakeFirstOrThrow();
    await audit(trx, now, {
      actor,
      action: 'api_key.create',
      targetType: 'api_key',
      targetId: inserted.id,
      details: { name: body.name, prefix, rights: scopes, days: body.days },
      ip,
    });
    return inserted;
  });
  return { key, row: present(row) };
}

/** POST /api/api_keys/:id/revoke: the user's own key (another user's answers 404). */
export async function revokeApiKey(ctx: AppContext, actor: Actor, rawId: string, ip: string) {
  refuseKey(actor);
  const id = parseId(rawId, 'This key');
  const now = ctx.clock.now();
  await ctx.dbh.db.transaction().execute(async (trx) => {
    const row = await own(trx)
      .selectFrom('api_keys')
      .select(['id', 'name', 'prefix', 'revoked_at'])
      .where('id', '=', id)
      .where('user_id', '=', actor.userId)
      .executeTakeFirst();
    if (!row) throw new NotFoundError('This key');
    if (row.revoked_at !== null) return;
    await own(trx).updateTable('api_keys').set({ revoked_at: now }).where('id', '=', id).execute();
    await audit(trx, now, {
      actor,
      action: 'api_key.revoke',
      targetType: 'api_key',
      targetId: id,
      details: { name: row.name, prefix: row.prefix },
      ip,
    });
  });
  return { ok: true as const };
}

/** A user's MFA reset or removal ends their keys (issue 26.4): called in that change's transaction. */
export async function revokeKeysOf(db: Kysely<Database>, userId: number, now: number) {
  await own(db)
    .updateTable('api_keys')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

function keyLookup(db: Kysely<Database>, keyHash: string) {
  return unscoped(db, 'the API key lookup makes the actor')
    .selectFrom('api_keys')
    .innerJoin('users', 'users.id', 'api_keys.user_id')
    .innerJoin('organisations', 'organisations.id', 'users.organisation_id')
    .leftJoin('organisations as above', 'above.id', 'organisations.reseller_id')
    .leftJoin('roles', 'roles.id', 'users.role_id')
    .select([
      ...userColumns,
      'organisations.require_mfa as own_requires_mfa',
      'above.require_mfa as reseller_requires_mfa',
      'api_keys.id as key_id',
      'api_keys.scopes',
      'api_keys.expires_at',
      'api_keys.revoked_at',
      'api_keys.last_used_at',
    ])
    .where('api_keys.key_hash', '=', keyHash)
    .executeTakeFirst();
}

/**
 * The actor of a live key, narrowed to its scopes, after counting the call against the key's
 * limit (429 with Retry-After past it); null when the key is unknown, revoked, expired, or its
 * user is gone or locked.
 */
export async function resolveApiKey(
  ctx: AppContext,
  key: string,
): Promise<{ actor: Actor; mfaSetupPending: boolean } | null> {
  if (!key.startsWith(MARK) || key.length > 128) return null;
  const { db } = ctx.dbh;
  const now = ctx.clock.now();
  const k = await keyLookup(db, hashToken(key));
  if (!k || k.revoked_at !== null || now >= Number(k.expires_at) || k.disabled === 1) return null;
  const keyId = Number(k.key_id);
  // The limit is counted in the database in one statement (attempts.ts), so every instance
  // counts the same calls; the call is settled at once: a key's call is not a guess.
  const guard = {
    key: `api_key:${keyId}`,
    policy: { kind: 'window', max: ctx.config.apiKeyPerMinute, windowMs: WINDOW_MS },
    onRight: 'refund',
  } as const;
  const r = await reserveAttempt(db, guard.key, guard.policy, now);
  if (!r.ok)
    throw new TooManyRequestsError(
      `This key made too many calls. Wait ${waitWords(r.waitMs)}, then try again.`,
      Math.ceil(r.waitMs / 1000),
    );
  await settleAttempt(db, guard, 'wrong');
  if (k.last_used_at === null || now - Number(k.last_used_at) > TOUCH_EVERY_MS)
    await own(db).updateTable('api_keys').set({ last_used_at: now }).where('id', '=', keyId).execute();
  const user = toActor(k, 0);
  const scopes = new Set(parseScopes(k.scopes));
  const required = k.own_requires_mfa === 1 || k.reseller_requires_mfa === 1;
  // The key's scopes narrow the user's effective rights (level, grants and role) further.
  const rights = new Set([...user.rights].filter((r) => scopes.has(r)));
  const withheld = new Set([...user.withheld, ...[...user.rights].filter((r) => !rights.has(r))]);
  return {
    actor: { ...user, apiKeyId: keyId, rights, withheld },
    mfaSetupPending: required && k.mfa_enabled !== 1,
  };
}
