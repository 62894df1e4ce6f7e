import { createHash } from 'node:crypto';
import { isRight, type OrgKind, type Right, rightsOf } from '@lifeboat/contract';
import type { Database } from '@lifeboat/db';
import { CompiledQuery, type Kysely } from 'kysely';
import { type Actor, unscoped } from '../../scope';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export const userColumns = [
  'users.id as user_id',
  'users.username',
  'users.name',
  'users.level',
  'users.disabled',
  'users.password_hash',
  'users.mfa_enabled',
  'users.time_zone',
  'organisations.id as org_id',
  'organisations.kind as org_kind',
  'organisations.name as org_name',
  'organisations.is_provider',
  'organisations.reseller_id as org_reseller_id',
  'organisations.distributor_id as org_distributor_id',
  // The organisation's grants (contract rights.ts): the actor's rights are made from them.
  'organisations.can_recover',
  'organisations.can_create_client',
  'organisations.can_download_agent',
  'organisations.can_edit_policy',
  // The user's custom role (null: built-in): it narrows the rights (docs/decisions.md 'Roles').
  'roles.rights as role_rights',
] as const;

export type UserWithOrg = Awaited<ReturnType<typeof findUserByUsername>>;

export function findUserByUsername(db: Kysely<Database>, username: string) {
  return unscoped(db, 'sign-in finds the user before there is an actor')
    .selectFrom('users')
    .innerJoin('organisations', 'organisations.id', 'users.organisation_id')
    .leftJoin('roles', 'roles.id', 'users.role_id')
    .select(userColumns)
    .where('users.username', '=', username.toLowerCase())
    .executeTakeFirst();
}

function sessionLookup(db: Kysely<Database>, tokenHash: string) {
  return (
    unscoped(db, 'the session lookup makes the actor')
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .innerJoin('organisations', 'organisations.id', 'users.organisation_id')
      // The reseller above a client user: its demand for MFA covers the client's users (issue 17.1).
      .leftJoin('organisations as above', 'above.id', 'organisations.reseller_id')
      .leftJoin('roles', 'roles.id', 'users.role_id')
      .select([
        ...userColumns,
        'organisations.require_mfa as own_requires_mfa',
        'above.require_mfa as reseller_requires_mfa',
        'sessions.id as session_id',
        'sessions.csrf_token',
        'sessions.last_seen_at',
        'sessions.absolute_expires_at',
      ])
      .where('sessions.token_hash', '=', tokenHash)
  );
}

type SessionRow = Awaited<ReturnType<ReturnType<typeof sessionLookup>['executeTakeFirst']>>;

// Every API request runs this lookup: its SQL is built once per database (Kysely builds and
// compiles a query anew on each call otherwise) and only the token's hash changes.
const compiledLookup = new WeakMap<Kysely<Database>, CompiledQuery<NonNullable<SessionRow>>>();

export async function findSessionByToken(db: Kysely<Database>, token: string): Promise<SessionRow> {
  let compiled = compiledLookup.get(db);
  if (!compiled) {
    compiled = sessionLookup(db, '').compile();
    compiledLookup.set(db, compiled);
  }
  const { rows } = await db.executeQuery(
    CompiledQuery.raw(compiled.sql, [hashToken(token)]) as CompiledQuery<NonNullable<SessionRow>>,
  );
  return rows[0];
}

type ActorSource = NonNullable<UserWithOrg>;

/** A stored role's rights (JSON); null for the built-in role. */
export function parseRoleRights(json: string | null): Right[] | null {
  if (json === null) return null;
  const v: unknown = JSON.parse(json);
  return Array.isArray(v) ? v.filter((r): r is Right => typeof r === 'string' && isRight(r)) : [];
}

/** Build the actor (who, and which slice of the tree) from a user joined with its organisation. */
export function toActor(u: ActorSource, sessionId: number): Actor {
  const kind = u.org_kind as OrgKind;
  const holder = { level: u.level, organisationKind: kind, grants: u };
  const rights = rightsOf({ ...holder, role: parseRoleRights(u.role_rights) });
  return {
    userId: u.user_id,
    username: u.username,
    name: u.name,
    level: u.level,
    organisationId: u.org_id,
    organisationName: u.org_name,
    organisationKind: kind,
    isProvider: u.is_provider === 1,
    resellerId: kind === 'reseller' ? u.org_id : kind === 'client' ? u.org_reseller_id : null,
    clientId: kind === 'client' ? u.org_id : null,
    distributorId: kind === 'distributor' ? u.org_id : null,
    sessionId,
    rights: new Set(rights),
    withheld: new Set(rightsOf(holder).filter((r) => !rights.includes(r))),
    timeZone: u.time_zone,
  };
}
