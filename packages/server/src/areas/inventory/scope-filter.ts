import type { InventoryType } from '@lifeboat/contract';
import type { Database } from '@lifeboat/db';
import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import { NotFoundError } from '../../http/errors';
import { type Actor, findOrgInScope, inScope, scopeKind } from '../../scope';

// Which protected systems an inventory call covers, as ONE index-friendly condition: the narrowest
// organisation asked for (checked against the actor's scope first, 404 outside it), otherwise the
// actor's own scope. Never an OR across columns: each form matches an index that starts with it.

export interface InventoryScope {
  /** Cache key of this slice of the fleet (counters). */
  key: string;
  /** Condition on `ps` (protected_systems) for counting. */
  where: RawBuilder<SqlBool>;
  /** The same rows, written for pages walked in name order (see the distributor's case). */
  listWhere: RawBuilder<SqlBool>;
}

export async function resolveScope(
  db: Kysely<Database>,
  actor: Actor,
  filter: { reseller_id?: number; client_id?: number },
): Promise<InventoryScope> {
  if (filter.client_id !== undefined) {
    const client = await findOrgInScope(db, actor, filter.client_id, 'This client');
    if (client.kind !== 'client') throw new NotFoundError('This client');
    if (filter.reseller_id !== undefined && Number(client.reseller_id) !== filter.reseller_id)
      throw new NotFoundError('This client');
    return same(`c:${client.id}`, sql<SqlBool>`ps.client_id = ${Number(client.id)}`);
  }
  if (filter.reseller_id !== undefined) {
    const reseller = await findOrgInScope(db, actor, filter.reseller_id, 'This reseller');
    if (reseller.kind !== 'reseller') throw new NotFoundError('This reseller');
    // A client user may name its own reseller (links carry it): still only its own systems.
    if (scopeKind(actor) === 'client') return actorScope(actor);
    return same(`r:${reseller.id}`, sql<SqlBool>`ps.reseller_id = ${Number(reseller.id)}`);
  }
  return actorScope(actor);
}

const same = (key: string, where: RawBuilder<SqlBool>): InventoryScope => ({ key, where, listWhere: where });

function actorScope(actor: Actor): InventoryScope {
  switch (scopeKind(actor)) {
    case 'all':
      return same('all', inScope(actor, 'ps'));
    case 'reseller':
      return same(`r:${actor.resellerId}`, inScope(actor, 'ps'));
    case 'client':
      return same(`c:${actor.clientId}`, inScope(actor, 'ps'));
    case 'distributor': {
      // A distributor's systems are spread over dozens of resellers: a page in name order is
      // cheaper found by walking the name index and keeping its resellers' rows (the unary plus
      // keeps SQLite off the reseller index) than by sorting all its systems for every page.
      const resellers = sql`(select o.id from organisations o where o.distributor_id = ${actor.distributorId} and o.kind = 'reseller')`;
      return {
        key: `d:${actor.distributorId}`,
        where: inScope(actor, 'ps'),
        listWhere: sql<SqlBool>`+ps.reseller_id in ${resellers}`,
      };
    }
  }
}

/** The condition of a tab (spec: inventory 2; the type split is in docs/decisions.md). */
export function typeCondition(type: InventoryType): RawBuilder<SqlBool> {
  switch (type) {
    case 'PROTECTED':
      return sql<SqlBool>`1 = 1`;
    case 'SERVER':
      return sql<SqlBool>`ps.device_type = 'server'`;
    case 'WORKSTATION':
      return sql<SqlBool>`ps.device_type = 'workstation'`;
    case 'NAS':
      return sql<SqlBool>`ps.device_type = 'nas'`;
    // A VM on the client's appliance, or one running in a vault (no appliance in between).
    case 'VIRTUALIZED':
      return sql<SqlBool>`ps.sva_job_status is not null and ps.appliance_id is not null`;
    case 'VAULT_VIRTUALIZED':
      return sql<SqlBool>`ps.sva_job_status is not null and ps.appliance_id is null`;
  }
}
