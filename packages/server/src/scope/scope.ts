import type { Database } from '@lifeboat/db';
import { type Kysely, type RawBuilder, type Selectable, type SqlBool, sql } from 'kysely';
import { NotFoundError } from '../http/errors';
import type { Actor } from './actor';
import { scoped } from './scoped';
import { organisationRowIn, resellerClientIn } from './tenancy';

// Tenancy lives in scope/: tenant tables are read and written through scoped() (scoped.ts), and an id outside
// the actor's scope answers 404 as if it did not exist (ARCHITECTURE 'Tenancy in the data layer').

/** Tables that carry reseller_id and client_id columns. */
export type ScopedTable = 'protected_systems' | 'appliances' | 'operations';

/**
 * A WHERE condition restricting `alias` (a table or alias with reseller_id and client_id) to the
 * actor's scope; for the provider's staff it is simply true. scoped() adds it by itself.
 */
export function inScope(actor: Actor, alias: string): RawBuilder<SqlBool> {
  return resellerClientIn(actor, alias);
}

/** Condition on the organisations table (alias) for organisations the actor may see. */
export function orgInScope(actor: Actor, alias = 'organisations'): RawBuilder<SqlBool> {
  return organisationRowIn(actor, alias);
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
  const row = await scoped(db, actor)
    .selectFrom(table as ScopedTable)
    .selectAll()
    .where(sql.ref(`${table}.id`), '=', id)
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
  const row = await scoped(db, actor)
    .selectFrom('organisations')
    .selectAll()
    .where('organisations.id', '=', id)
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
