import type { DashboardOwner } from '@lifeboat/contract';
import type { Database } from '@lifeboat/db';
import { type ExpressionBuilder, type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import { NotFoundError } from '../../http/errors';
import { type Actor, findOrgInScope } from '../../scope';

/**
 * Whose dashboard: a reseller (its dashboard) or one client (the client's page). Resolved through
 * the actor's scope, so an organisation outside it, or of the wrong kind, is a 404.
 */
export interface Owner {
  kind: DashboardOwner;
  id: number;
  resellerId: number;
  clientId: number | null;
  name: string;
  row: Awaited<ReturnType<typeof findOrgInScope>>;
}

export async function resolveOwner(
  db: Kysely<Database>,
  actor: Actor,
  kind: DashboardOwner,
  id: number,
): Promise<Owner> {
  const what = kind === 'reseller' ? 'This reseller' : 'This client';
  const row = await findOrgInScope(db, actor, id, what);
  if (row.kind !== kind || row.reseller_id === null) throw new NotFoundError(what);
  return {
    kind,
    id,
    resellerId: Number(row.reseller_id),
    clientId: kind === 'client' ? id : null,
    name: row.name,
    row,
  };
}

/** The owner's condition on a table with reseller_id and client_id (index-friendly: one column). */
export function ownerCondition(owner: Owner, alias: string): RawBuilder<SqlBool> {
  return owner.clientId === null
    ? sql<SqlBool>`${sql.ref(`${alias}.reseller_id`)} = ${owner.resellerId}`
    : sql<SqlBool>`${sql.ref(`${alias}.client_id`)} = ${owner.clientId}`;
}

export type PsBuilder = ExpressionBuilder<Database, 'protected_systems'>;
