import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { type Actor, inScope, scopeKind } from '../../scope';
import { always, never } from './list-params';

// Index-friendly scope conditions for the entity tables: one equality (or one IN over an indexed
// subquery) per actor, never an OR across columns, so each list walks one index in name order.

type OrgListKind = 'distributor' | 'reseller' | 'client';

/** Organisations of one kind that the actor sees (alias must be an organisations row). */
export function orgsOfKindInScope(actor: Actor, kind: OrgListKind, alias = 'o'): RawBuilder<SqlBool> {
  const col = (c: string) => sql.ref(`${alias}.${c}`);
  const isKind = sql<SqlBool>`${col('kind')} = ${kind}`;
  switch (scopeKind(actor)) {
    case 'all':
      return isKind;
    case 'distributor':
      return kind === 'distributor'
        ? sql<SqlBool>`${isKind} and ${col('id')} = ${actor.distributorId}`
        : sql<SqlBool>`${col('distributor_id')} = ${actor.distributorId} and ${isKind}`;
    case 'reseller':
      if (kind === 'reseller') return sql<SqlBool>`${isKind} and ${col('id')} = ${actor.resellerId}`;
      return kind === 'client'
        ? sql<SqlBool>`${col('reseller_id')} = ${actor.resellerId} and ${isKind}`
        : never;
    case 'client':
      return kind === 'client' ? sql<SqlBool>`${isKind} and ${col('id')} = ${actor.clientId}` : never;
  }
}

/** Users whose organisation the actor sees. */
export function usersInScope(actor: Actor, alias = 'u'): RawBuilder<SqlBool> {
  const org = sql.ref(`${alias}.organisation_id`);
  switch (scopeKind(actor)) {
    case 'all':
      return always;
    case 'distributor':
      return sql<SqlBool>`${org} in (select id from organisations where distributor_id = ${actor.distributorId})`;
    case 'reseller':
      return sql<SqlBool>`${org} in (select id from organisations where reseller_id = ${actor.resellerId})`;
    case 'client':
      return sql<SqlBool>`${org} = ${actor.clientId}`;
  }
}

/**
 * Vaults the actor sees: the provider's cloud vaults (no reseller) serve every reseller; a
 * private vault belongs to one reseller. Client users have no vaults tab.
 */
export function vaultsInScope(actor: Actor, alias = 'v'): RawBuilder<SqlBool> {
  const reseller = sql.ref(`${alias}.reseller_id`);
  switch (scopeKind(actor)) {
    case 'all':
      return always;
    case 'distributor':
      return sql<SqlBool>`(${reseller} is null or ${reseller} in (select id from organisations where distributor_id = ${actor.distributorId} and kind = 'reseller'))`;
    case 'reseller':
      return sql<SqlBool>`(${reseller} is null or ${reseller} = ${actor.resellerId})`;
    case 'client':
      return never;
  }
}

/**
 * Appliances for a page in name order. A distributor's page walks appliances by name and checks
 * each one's reseller (the unary plus keeps SQLite from starting at the distributor's resellers and
 * sorting all their appliances: 0.03 ms instead of 0.2 ms on the large fleet); counts use inScope.
 */
export function appliancesPageScope(actor: Actor, alias = 'a'): RawBuilder<SqlBool> {
  if (scopeKind(actor) !== 'distributor') return inScope(actor, alias);
  return sql<SqlBool>`+${sql.ref(`${alias}.reseller_id`)} in (select o.id from organisations o where o.distributor_id = ${actor.distributorId} and o.kind = 'reseller')`;
}
