import type { DashboardOwner } from '@lifeboat/contract';
import type { Database } from '@lifeboat/db';
import type { Kysely } from 'kysely';
import { NotFoundError } from '../../http/errors';
import { type Actor, findOrgInScope } from '../../scope';

/**
 * Whose dashboard, and for whom: a reseller (its dashboard) or one client (the client's page),
 * resolved through the actor's scope, so an organisation outside it, or of the wrong kind, is a
 * 404. Every read of the dashboard is `scoped(db, owner.actor)` narrowed with a condition built
 * from `owner.row` (scope/conditions.ts: ownedBy, clientsOf, ...), one equality on the owner's
 * column that starts the tables' indexes.
 */
export interface Owner {
  kind: DashboardOwner;
  id: number;
  resellerId: number;
  clientId: number | null;
  name: string;
  row: Awaited<ReturnType<typeof findOrgInScope>>;
  /** The actor the owner was resolved for. */
  actor: Actor;
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
    actor,
  };
}
