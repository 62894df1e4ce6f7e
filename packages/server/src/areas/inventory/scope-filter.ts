import type { InventoryType } from '@lifeboat/contract';
import type { Database } from '@lifeboat/db';
import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import { NotFoundError } from '../../http/errors';
import {
  type Actor,
  actorScope,
  findOrgInScope,
  ownedBy,
  type ScopeCondition,
  scopeKind,
  systemsPage,
} from '../../scope';

// Which protected systems an inventory call covers, as ONE index-friendly condition: the narrowest
// organisation asked for (checked against the actor's scope first, 404 outside it), otherwise the
// actor's own scope. Never an OR across columns: each form matches an index that starts with it.

export interface InventoryScope {
  /** Cache key of this slice of the fleet (counters). */
  key: string;
  actor: Actor;
  /** Condition on `ps` (protected_systems) for counting, for scoped(db, actor).within(...). */
  where: ScopeCondition;
  /** The same rows, written for pages walked in name order (see the distributor's case). */
  listWhere: ScopeCondition;
}

export async function resolveScope(
  db: Kysely<Database>,
  actor: Actor,
  filter: { reseller_id?: number; client_id?: number },
): Promise<InventoryScope> {
  // A client user may name only its own client: its reseller is no filter it can use, and
  // answering its own rows would pass the filter off as applied (issue 18.5).
  if (filter.reseller_id !== undefined && scopeKind(actor) === 'client')
    throw new NotFoundError('This reseller');
  if (filter.client_id !== undefined) {
    const client = await findOrgInScope(db, actor, filter.client_id, 'This client');
    if (client.kind !== 'client') throw new NotFoundError('This client');
    if (filter.reseller_id !== undefined && Number(client.reseller_id) !== filter.reseller_id)
      throw new NotFoundError('This client');
    return same(actor, `c:${client.id}`, ownedBy(client, 'ps'));
  }
  if (filter.reseller_id !== undefined) {
    const reseller = await findOrgInScope(db, actor, filter.reseller_id, 'This reseller');
    if (reseller.kind !== 'reseller') throw new NotFoundError('This reseller');
    return same(actor, `r:${reseller.id}`, ownedBy(reseller, 'ps'));
  }
  return ownScope(actor);
}

const same = (actor: Actor, key: string, where: ScopeCondition): InventoryScope => ({
  key,
  actor,
  where,
  listWhere: where,
});

function ownScope(actor: Actor): InventoryScope {
  const key = {
    all: 'all',
    distributor: `d:${actor.distributorId}`,
    reseller: `r:${actor.resellerId}`,
    client: `c:${actor.clientId}`,
  }[scopeKind(actor)];
  // A distributor's systems are spread over dozens of resellers: a page in name order is cheaper
  // found by walking the name index and keeping its resellers' rows than by sorting all its
  // systems for every page (systemsPage; the same as the count's condition for everyone else).
  return { key, actor, where: actorScope(actor, 'ps'), listWhere: systemsPage(actor, 'ps') };
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
      // Written as the partial index ps_vault_virt_all (migration 009) is, so it is used.
      return sql<SqlBool>`ps.sva_job_status is not null and coalesce(ps.appliance_id, 0) = 0`;
  }
}
