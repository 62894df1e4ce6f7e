import type { Database } from '@lifeboat/db';
import { type Kysely, type RawBuilder, type Selectable, type SqlBool, sql } from 'kysely';
import { NotFoundError } from '../http/errors';
import { type Actor, scopeKind } from './actor';

// Tenancy lives here: every read of a scoped table goes through these helpers, and an id outside
// the actor's scope answers 404 as if it did not exist (ARCHITECTURE 'Tenancy in the data layer').

/** Tables that carry reseller_id and client_id columns. */
export type ScopedTable = 'protected_systems' | 'appliances' | 'operations';

/**
 * A WHERE condition restricting `alias` (a table or alias with reseller_id and client_id) to the
 * actor's scope. Always use it; for the provider's staff it is simply true.
 */
export function inScope(actor: Actor, alias: string): RawBuilder<SqlBool> {
  const reseller = sql.ref(`${alias}.reseller_id`);
  switch (scopeKind(actor)) {
    case 'all':
      return sql<SqlBool>`1 = 1`;
    case 'distributor':
      return sql<SqlBool>`${reseller} in (select o.id from organisations o where o.distributor_id = ${actor.distributorId} and o.kind = 'reseller')`;
    case 'reseller':
      return sql<SqlBool>`${reseller} = ${actor.resellerId}`;
    case 'client':
      return sql<SqlBool>`${sql.ref(`${alias}.client_id`)} = ${actor.clientId}`;
  }
}

/** Condition on the organisations table (alias) for organisations the actor may see. */
export function orgInScope(actor: Actor, alias = 'organisations'): RawBuilder<SqlBool> {
  const id = sql.ref(`${alias}.id`);
  switch (scopeKind(actor)) {
    case 'all':
      return sql<SqlBool>`1 = 1`;
    case 'distributor':
      return sql<SqlBool>`(${id} = ${actor.distributorId} or ${sql.ref(`${alias}.distributor_id`)} = ${actor.distributorId})`;
    case 'reseller':
      return sql<SqlBool>`(${id} = ${actor.resellerId} or ${sql.ref(`${alias}.reseller_id`)} = ${actor.resellerId})`;
    case 'client':
      return sql<SqlBool>`${id} = ${actor.clientId}`;
  }
}

/** Load one row of a scoped table by id, or throw 404. */
export async function findInScope<T extends ScopedTable>(
  db: Kysely<Database>,
  actor: Actor,
  table: T,
  id: number,
  what: string,
) {
  if (!Number.isSafeInteger(id) || id <= 0) throw new NotFoundError(what);
  const row = await db
    .selectFrom(table as ScopedTable)
    .selectAll()
    .where(sql.ref(`${table}.id`), '=', id)
    .where(inScope(actor, table))
    .executeTakeFirst();
  if (!row) throw new NotFoundError(what);
  return row as unknown as Selectable<Database[T]>;
}

/** Load an organisation the actor may see, or throw 404. */
export async function findOrgInScope(
  db: Kysely<Database>,
  actor: Actor,
  id: number,
  what = 'This organisation',
) {
  if (!Number.isSafeInteger(id) || id <= 0) throw new NotFoundError(what);
  const row = await db
    .selectFrom('organisations')
    .selectAll()
    .where('organisations.id', '=', id)
    .where(orgInScope(actor))
    .executeTakeFirst();
  if (!row) throw new NotFoundError(what);
  return row;
}

/** Parse a path id; anything but a positive integer is simply not found. */
export function parseId(raw: unknown, what: string): number {
  const s = String(raw ?? '');
  if (!/^\d{1,15}$/.test(s)) throw new NotFoundError(what);
  const n = Number(s);
  if (n <= 0) throw new NotFoundError(what);
  return n;
}
