import type { Database, DialectName } from '@lifeboat/db';
import type { Selectable } from 'kysely';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { type Actor, scopeKind } from './actor';
import { type ScopeCondition, vouch } from './scoped';
import { resellerClientIn, tenantCondition } from './tenancy';

// Narrower or index-tuned scope conditions for `scoped(db, actor).within(...)`. Each one is
// within the actor's scope by construction: built from the actor, or from an organisation or a
// protected system that was loaded in scope (findOrgInScope, findInScope, a scoped() read). Area
// code cannot write its own.

const never = sql<SqlBool>`1 = 0`;

type OrgListKind = 'distributor' | 'reseller' | 'client';
type OrgRow = Pick<Selectable<Database['organisations']>, 'id' | 'kind'>;
/** A reseller or client loaded in scope, with its reseller (a reseller's reseller_id is its own id). */
type OwnerRow = Pick<Selectable<Database['organisations']>, 'id' | 'kind' | 'reseller_id'>;

/** `col = id` for one id, `col in (...)` for several (index-friendly either way). */
function idIn(col: RawBuilder<unknown>, ids: readonly number[]): RawBuilder<SqlBool> {
  const distinct = [...new Set(ids.map(Number))];
  if (distinct.length === 0) return never;
  if (distinct.length === 1) return sql<SqlBool>`${col} = ${distinct[0]}`;
  return sql<SqlBool>`${col} in (${sql.join(distinct)})`;
}

/**
 * The rows (alias with reseller_id and client_id) of one reseller or client the actor may see,
 * as one index-friendly equality (a reseller's: reseller_id, which is all a table of reseller
 * rows needs). `org` must come from findOrgInScope.
 */
export function ownedBy(org: OrgRow, alias: string): ScopeCondition {
  const id = Number(org.id);
  if (org.kind === 'reseller') return vouch(alias, sql<SqlBool>`${sql.ref(`${alias}.reseller_id`)} = ${id}`);
  if (org.kind === 'client') return vouch(alias, sql<SqlBool>`${sql.ref(`${alias}.client_id`)} = ${id}`);
  return vouch(alias, never);
}

/**
 * A correlated subquery's rows (`alias`) hanging from a row of the enclosing scoped query:
 * `alias.column = outer.outerColumn`, a key to that row (a system's child rows by system_id, a
 * job's restore points by job_id). A row hanging from a row in scope is in scope, so the
 * subquery needs no condition of its own. `outer` must be an alias the enclosing query scoped.
 */
export function correlatedTo(
  alias: string,
  column: string,
  outer: string,
  outerColumn = 'id',
): ScopeCondition {
  return vouch(alias, sql<SqlBool>`${sql.ref(`${alias}.${column}`)} = ${sql.ref(`${outer}.${outerColumn}`)}`);
}

/** The actor's own login (users row): the only user row a user may change for themself. */
export function ownLogin(actor: Actor, alias = 'users'): ScopeCondition {
  return vouch(alias, sql<SqlBool>`${sql.ref(`${alias}.id`)} = ${actor.userId}`);
}

/** The actor's own scope on a table with reseller_id and client_id (the default, spelled out). */
export function actorScope(actor: Actor, alias: string): ScopeCondition {
  return vouch(alias, resellerClientIn(actor, alias));
}

/**
 * Organisations of one kind that the actor sees (alias is an organisations row): one equality
 * (or one IN over an indexed subquery) per actor, never an OR across columns, so each list walks
 * one index in name order.
 */
export function orgsOfKind(actor: Actor, kind: OrgListKind, alias = 'o'): ScopeCondition {
  const col = (c: string) => sql.ref(`${alias}.${c}`);
  const isKind = sql<SqlBool>`${col('kind')} = ${kind}`;
  switch (scopeKind(actor)) {
    case 'all':
      return vouch(alias, isKind);
    case 'distributor':
      return vouch(
        alias,
        kind === 'distributor'
          ? sql<SqlBool>`${isKind} and ${col('id')} = ${actor.distributorId}`
          : sql<SqlBool>`${col('distributor_id')} = ${actor.distributorId} and ${isKind}`,
      );
    case 'reseller':
      if (kind === 'reseller')
        return vouch(alias, sql<SqlBool>`${isKind} and ${col('id')} = ${actor.resellerId}`);
      return vouch(
        alias,
        kind === 'client' ? sql<SqlBool>`${col('reseller_id')} = ${actor.resellerId} and ${isKind}` : never,
      );
    case 'client':
      return vouch(
        alias,
        kind === 'client' ? sql<SqlBool>`${isKind} and ${col('id')} = ${actor.clientId}` : never,
      );
  }
}

/**
 * Rows with reseller_id and client_id for a page in name order. A distributor's page walks the
 * name index and checks each row's reseller (the unary plus keeps SQLite from starting at the
 * distributor's resellers and sorting all their rows); counts use the default.
 */
function namePage(actor: Actor, table: 'appliances' | 'protected_systems', alias: string): ScopeCondition {
  if (scopeKind(actor) !== 'distributor') return vouch(alias, tenantCondition(actor, table, alias));
  return vouch(
    alias,
    sql<SqlBool>`+${sql.ref(`${alias}.reseller_id`)} in (select o.id from organisations o where o.distributor_id = ${actor.distributorId} and o.kind = 'reseller')`,
  );
}

/** Appliances for a page in name order (0.03 ms instead of 0.2 ms for a distributor, large fleet). */
export function appliancesPage(actor: Actor, alias = 'a'): ScopeCondition {
  return namePage(actor, 'appliances', alias);
}

/** Protected systems for a page in name order (the inventory's keyset pages). */
export function systemsPage(actor: Actor, alias = 'ps'): ScopeCondition {
  return namePage(actor, 'protected_systems', alias);
}

/**
 * Users for a page in name order, `org` the alias of their joined organisation. A distributor sees
 * a tenth of the platform's users: its page walks users in name order and checks each one's
 * organisation (the unary plus keeps SQLite from starting at the distributor's thousand
 * organisations and sorting them all): 0.04 ms of SQL on the large fleet instead of 1.1 ms.
 */
export function usersPage(actor: Actor, alias = 'u', org = 'o'): ScopeCondition {
  if (scopeKind(actor) !== 'distributor') return vouch(alias, tenantCondition(actor, 'users', alias));
  return vouch(alias, sql<SqlBool>`+${sql.ref(`${org}.distributor_id`)} = ${actor.distributorId}`);
}

/** A distributor's users counted from its organisations (`org` the joined organisations alias). */
export function usersOfDistributor(actor: Actor, alias = 'u', org = 'o'): ScopeCondition {
  if (scopeKind(actor) !== 'distributor') return vouch(alias, tenantCondition(actor, 'users', alias));
  return vouch(alias, sql<SqlBool>`${sql.ref(`${org}.distributor_id`)} = ${actor.distributorId}`);
}

// --- rows reached through a protected system loaded in scope (loadDevice, findInScope, a page
// read through scoped()): one equality on an indexed column instead of the default subquery over
// the actor's systems.

/** A protected system loaded in scope. */
type SystemRow = { id: number };
type SystemParents = SystemRow & { client_id: number; reseller_id: number; appliance_id: number | null };

/** Child rows of systems loaded in scope: `alias.column` (system_id by default) is one of theirs. */
export function ofSystems(
  systems: readonly SystemRow[],
  alias: string,
  column = 'system_id',
): ScopeCondition {
  return vouch(
    alias,
    idIn(
      sql.ref(`${alias}.${column}`),
      systems.map((s) => s.id),
    ),
  );
}

/**
 * A system's child row (`alias`) checked on its system joined as `systemAlias` (the query joins
 * it on alias.system_id): an equality on the joined row instead of a subquery per row.
 */
export function throughSystem(actor: Actor, alias: string, systemAlias: string): ScopeCondition {
  return vouch(alias, resellerClientIn(actor, systemAlias));
}

/** Rows whose ids were just read through scoped() (ids first, then the page's rows by id). */
export function rowsRead(rows: readonly { id: number }[], alias: string): ScopeCondition {
  const ids = rows.map((r) => Number(r.id));
  if (ids.length === 0) return vouch(alias, never);
  return vouch(alias, sql<SqlBool>`${sql.ref(`${alias}.id`)} in (${sql.join(ids)})`);
}

/** Child rows of one system loaded in scope. */
export function ofSystem(system: SystemRow, alias: string, column = 'system_id'): ScopeCondition {
  return ofSystems([system], alias, column);
}

/** The appliance or the client of a system loaded in scope (`alias` is that row). */
export function parentOf(
  system: SystemParents,
  parent: 'appliance' | 'client',
  alias: string,
): ScopeCondition {
  return parentsOf([system], parent, alias);
}

/** The appliances or the clients of systems loaded in scope (a page of them). */
export function parentsOf(
  systems: readonly SystemParents[],
  parent: 'appliance' | 'client',
  alias: string,
): ScopeCondition {
  const ids = systems
    .map((s) => (parent === 'appliance' ? s.appliance_id : s.client_id))
    .filter((id): id is number => id !== null);
  return vouch(alias, idIn(sql.ref(`${alias}.id`), ids));
}

/** The thresholds that apply to a system loaded in scope: its own, its client's, its reseller's. */
export function thresholdsOf(system: SystemParents, alias = 'thresholds'): ScopeCondition {
  return thresholdsOfSystems([system], alias);
}

/** The thresholds that apply to systems loaded in scope (a page of them). */
export function thresholdsOfSystems(systems: readonly SystemParents[], alias = 'thresholds'): ScopeCondition {
  if (systems.length === 0) return vouch(alias, never);
  const kind = sql.ref(`${alias}.scope_kind`);
  const id = sql.ref(`${alias}.scope_id`);
  const of = (pick: (s: SystemParents) => number) => idIn(id, systems.map(pick));
  return vouch(
    alias,
    sql<SqlBool>`((${kind} = 'system' and ${of((s) => s.id)}) or (${kind} = 'client' and ${of((s) => s.client_id)}) or (${kind} = 'reseller' and ${of((s) => s.reseller_id)}))`,
  );
}

// --- rows of a reseller or client loaded in scope (the dashboard's owner, resolved with
// findOrgInScope): one equality on the owner's column, which starts the tables' indexes.

/** Clients of a reseller loaded in scope (`alias` an organisations row; index org_reseller). */
export function clientsOf(org: OwnerRow, alias = 'organisations'): ScopeCondition {
  const col = (c: string) => sql.ref(`${alias}.${c}`);
  if (org.kind === 'reseller')
    return vouch(
      alias,
      sql<SqlBool>`${col('reseller_id')} = ${Number(org.id)} and ${col('kind')} = 'client'`,
    );
  if (org.kind === 'client') return vouch(alias, sql<SqlBool>`${col('id')} = ${Number(org.id)}`);
  return vouch(alias, never);
}

/**
 * Users of a reseller loaded in scope and of its clients (or of a client), `org` the alias of
 * their organisation, joined on users.organisation_id.
 */
export function usersOf(owner: OwnerRow, alias = 'users', org = 'o'): ScopeCondition {
  if (owner.kind === 'reseller')
    return vouch(alias, sql<SqlBool>`${sql.ref(`${org}.reseller_id`)} = ${Number(owner.id)}`);
  if (owner.kind === 'client')
    return vouch(alias, sql<SqlBool>`${sql.ref(`${alias}.organisation_id`)} = ${Number(owner.id)}`);
  return vouch(alias, never);
}

/**
 * The thresholds of one level that can apply to the systems of a reseller or client loaded in
 * scope: its reseller's, its clients' (or its own as a client), or its systems'.
 */
export function thresholdsOwnedBy(
  owner: OwnerRow,
  level: 'reseller' | 'client' | 'system',
  alias = 'thresholds',
): ScopeCondition {
  const kind = sql<SqlBool>`${sql.ref(`${alias}.scope_kind`)} = ${level}`;
  const id = sql.ref(`${alias}.scope_id`);
  if (owner.reseller_id === null || (owner.kind !== 'reseller' && owner.kind !== 'client'))
    return vouch(alias, never);
  switch (level) {
    case 'reseller':
      return vouch(alias, sql<SqlBool>`${kind} and ${id} = ${Number(owner.reseller_id)}`);
    case 'client':
      return vouch(
        alias,
        owner.kind === 'client'
          ? sql<SqlBool>`${kind} and ${id} = ${Number(owner.id)}`
          : sql<SqlBool>`${kind} and ${id} in (select o.id from organisations o where ${clientsOf(owner, 'o').condition})`,
      );
    case 'system':
      return vouch(
        alias,
        sql<SqlBool>`${kind} and ${id} in (select ps.id from protected_systems ps where ${ownedBy(owner, 'ps').condition})`,
      );
  }
}

/**
 * Child rows (`alias.system_id`) of the systems of a reseller or client loaded in scope. On
 * PostgreSQL the ids come as one array, so the planner probes system by system on the child's
 * index instead of sorting every matching row of the platform for a join.
 */
export function ofSystemsOwnedBy(owner: OrgRow, alias: string, dialect: DialectName): ScopeCondition {
  const col = sql.ref(`${alias}.system_id`);
  const systems = sql`select x.id from protected_systems x where ${ownedBy(owner, 'x').condition}`;
  return vouch(
    alias,
    dialect === 'postgres'
      ? sql<SqlBool>`${col} = any(array(${systems}))`
      : sql<SqlBool>`${col} in (${systems})`,
  );
}

/**
 * Vaults a reseller or client loaded in scope lists: those its systems copy to (per the rollup
 * client_vault_rollups) and a reseller's own private vaults. Self-contained, for counting.
 */
export function vaultsOf(owner: OrgRow, alias = 'v'): ScopeCondition {
  const used = sql<SqlBool>`exists (select 1 from client_vault_rollups cv where ${vaultRollupOf(owner, 'cv', alias)})`;
  return vouch(
    alias,
    owner.kind === 'reseller'
      ? sql<SqlBool>`(${sql.ref(`${alias}.reseller_id`)} = ${Number(owner.id)} or ${used})`
      : used,
  );
}

/**
 * The same vaults when the query left-joins the owner's rollup rows as `rollup` on
 * vaultRollupOf(owner, rollup, alias): no subquery per vault.
 */
export function vaultsJoinedOf(owner: OrgRow, alias = 'v', rollup = 'cv'): ScopeCondition {
  const used = sql<SqlBool>`${sql.ref(`${rollup}.vault_id`)} is not null`;
  return vouch(
    alias,
    owner.kind === 'reseller'
      ? sql<SqlBool>`(${sql.ref(`${alias}.reseller_id`)} = ${Number(owner.id)} or ${used})`
      : used,
  );
}

/** The join of a vault (`vault`) to the owner's rows of client_vault_rollups (`rollup`) that count. */
export function vaultRollupOf(owner: OrgRow, rollup: string, vault: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`${sql.ref(`${rollup}.vault_id`)} = ${sql.ref(`${vault}.id`)} and ${ownedBy(owner, rollup).condition} and ${sql.ref(`${rollup}.systems`)} > 0`;
}
