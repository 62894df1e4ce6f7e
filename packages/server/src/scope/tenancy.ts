import type { Database } from '@lifeboat/db';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { type Actor, scopeKind } from './actor';

// The registry of tenant tables: every table holding an organisation's data, and how its rows are
// tied to a tenant. `scoped()` (scope/scoped.ts) reads it to add the condition by itself, and the
// tenancy check (tenancy-lint.test.ts) fails on a tenant table touched outside `scoped()` or an
// explicit `unscoped()`. Adding a table to the schema without an entry here does not compile.

export type TenantScope =
  /** reseller_id and client_id columns (the row's nearest reseller and client). */
  | { by: 'reseller_client' }
  /** The organisations table itself: the actor's organisation and the tree below it. */
  | { by: 'organisation' }
  /** A column naming the owning organisation (users, audit). */
  | { by: 'organisation_id'; column: string }
  /** A column naming the owning reseller. */
  | { by: 'reseller_id'; column: string }
  /** A vault: the provider's shared cloud vaults (no reseller) and the reseller's private ones. */
  | { by: 'vault' }
  /** A column naming the protected system the row belongs to: in scope when the system is. */
  | { by: 'system'; column: string }
  /** Alert thresholds: scope_kind ('reseller' | 'client' | 'system') and scope_id. */
  | { by: 'threshold' };

/** Tables without tenant data: reached by system code only (sign-in, sessions, settings). */
export type SystemScope = { by: 'system_table'; why: string };

export const TENANT_TABLES = {
  organisations: { by: 'organisation' },
  users: { by: 'organisation_id', column: 'organisation_id' },
  appliances: { by: 'reseller_client' },
  appliance_offline_periods: { by: 'reseller_client' },
  vaults: { by: 'vault' },
  protected_systems: { by: 'reseller_client' },
  system_vaults: { by: 'system', column: 'system_id' },
  jobs: { by: 'system', column: 'system_id' },
  restore_points: { by: 'system', column: 'system_id' },
  job_history: { by: 'system', column: 'system_id' },
  health_history: { by: 'system', column: 'system_id' },
  reseller_health_daily: { by: 'reseller_id', column: 'reseller_id' },
  autoverify_results: { by: 'system', column: 'system_id' },
  thresholds: { by: 'threshold' },
  operations: { by: 'reseller_client' },
  audit_log: { by: 'organisation_id', column: 'organisation_id' },
  failover_test_states: { by: 'system', column: 'system_id' },
  file_mounts: { by: 'reseller_client' },
  download_sessions: { by: 'reseller_client' },
  cifs_shares: { by: 'reseller_client' },
  local_vms: { by: 'reseller_client' },
  reports: { by: 'reseller_client' },
  report_definitions: { by: 'reseller_client' },
  client_rollups: { by: 'reseller_client' },
  client_vault_rollups: { by: 'reseller_client' },
  ftps_exports: { by: 'reseller_client' },
  azure_jobs: { by: 'reseller_client' },
  azure_sessions: { by: 'reseller_client' },
  ipsec_sites: { by: 'reseller_client' },
  office_runbook_settings: { by: 'reseller_client' },
  // A reseller's own: its clients' users do not see its schedules (only their appliances' one).
  update_schedules: { by: 'organisation_id', column: 'organisation_id' },
  update_schedule_appliances: { by: 'reseller_client' },
  runbooks: { by: 'reseller_client' },
  runbook_systems: { by: 'reseller_client' },
  failovers: { by: 'reseller_client' },
  failover_systems: { by: 'reseller_client' },
  backup_sources: { by: 'reseller_client' },
  restic_trees: { by: 'system', column: 'system_id' },
  restic_tree_folders: { by: 'system', column: 'system_id' },
  alerts: { by: 'reseller_client' },
  reseller_alert_rollups: { by: 'reseller_id', column: 'reseller_id' },
  alert_events: { by: 'reseller_client' },
  // client_id 0 is the reseller's own rule: its clients' users never read it through scoped().
  alert_rules: { by: 'reseller_client' },
  alert_mails: { by: 'reseller_client' },
  // client_id 0: a digest gathering several clients' alerts, the reseller's own.
  alert_digests: { by: 'reseller_client' },
  // client_id 0 is a snooze of the whole reseller: its clients' users never read it.
  alert_snoozes: { by: 'reseller_client' },
  // client_id 0: the reseller's own endpoint, never reached by its clients' users.
  webhook_endpoints: { by: 'reseller_client' },
  webhook_deliveries: { by: 'reseller_client' },
  // A reseller's (or the provider's) custom roles: its clients' users do not see them.
  roles: { by: 'organisation_id', column: 'organisation_id' },
} as const satisfies Partial<Record<keyof Database, TenantScope>>;

export const SYSTEM_TABLES = {
  sessions: { by: 'system_table', why: 'looked up by token before there is an actor' },
  login_attempts: { by: 'system_table', why: 'rate limiting of sign-in, keyed by name and address' },
  meta: { by: 'system_table', why: 'schema and fleet settings' },
  api_keys: {
    by: 'system_table',
    why: "looked up by the key's hash before there is an actor; otherwise only the signed-in user's own",
  },
  appliance_rollups: {
    by: 'system_table',
    why: 'counts of an appliance, read joined to its appliances row (which is scoped)',
  },
  schedules: {
    by: 'system_table',
    why: 'recurring system work (fleet tick, expiry sweep), claimed by workers',
  },
  sim_azure_device_codes: {
    by: 'system_table',
    why: "the simulated Microsoft's device codes, keyed by the code a person types",
  },
} as const satisfies Partial<Record<keyof Database, SystemScope>>;

// Every table of the schema is classified: a new table must be added to one of the two lists.
type Unclassified = Exclude<keyof Database, keyof typeof TENANT_TABLES | keyof typeof SYSTEM_TABLES>;
const everyTableClassified: [Unclassified] extends [never] ? true : Unclassified = true;
void everyTableClassified;

export type TenantTable = keyof typeof TENANT_TABLES;

export function isTenantTable(name: string): name is TenantTable {
  return Object.hasOwn(TENANT_TABLES, name);
}

const always = sql<SqlBool>`1 = 1`;
const never = sql<SqlBool>`1 = 0`;

/** Resellers the actor sees, as a condition on a column holding a reseller id. */
function resellerIn(actor: Actor, column: RawBuilder<unknown>): RawBuilder<SqlBool> {
  switch (scopeKind(actor)) {
    case 'all':
      return always;
    case 'distributor':
      return sql<SqlBool>`${column} in (select o.id from organisations o where o.distributor_id = ${actor.distributorId} and o.kind = 'reseller')`;
    case 'reseller':
    case 'client':
      return sql<SqlBool>`${column} = ${actor.resellerId}`;
  }
}

/** Organisations the actor sees, as a condition on a column holding an organisation id. */
function organisationIn(actor: Actor, column: RawBuilder<unknown>): RawBuilder<SqlBool> {
  switch (scopeKind(actor)) {
    case 'all':
      return always;
    case 'distributor':
      return sql<SqlBool>`${column} in (select id from organisations where distributor_id = ${actor.distributorId})`;
    case 'reseller':
      return sql<SqlBool>`${column} in (select id from organisations where reseller_id = ${actor.resellerId})`;
    case 'client':
      return sql<SqlBool>`${column} = ${actor.clientId}`;
  }
}

/** Rows of a table with reseller_id and client_id that the actor sees. */
export function resellerClientIn(actor: Actor, alias: string): RawBuilder<SqlBool> {
  const reseller = sql.ref(`${alias}.reseller_id`);
  switch (scopeKind(actor)) {
    case 'all':
      return always;
    case 'distributor':
      return resellerIn(actor, reseller);
    case 'reseller':
      return sql<SqlBool>`${reseller} = ${actor.resellerId}`;
    case 'client':
      return sql<SqlBool>`${sql.ref(`${alias}.client_id`)} = ${actor.clientId}`;
  }
}

/** Organisations rows (alias) the actor sees: its own and those below it. */
export function organisationRowIn(actor: Actor, alias: string): RawBuilder<SqlBool> {
  const id = sql.ref(`${alias}.id`);
  switch (scopeKind(actor)) {
    case 'all':
      return always;
    case 'distributor':
      return sql<SqlBool>`(${id} = ${actor.distributorId} or ${sql.ref(`${alias}.distributor_id`)} = ${actor.distributorId})`;
    case 'reseller':
      return sql<SqlBool>`(${id} = ${actor.resellerId} or ${sql.ref(`${alias}.reseller_id`)} = ${actor.resellerId})`;
    case 'client':
      return sql<SqlBool>`${id} = ${actor.clientId}`;
  }
}

function systemIn(actor: Actor, column: RawBuilder<unknown>): RawBuilder<SqlBool> {
  if (scopeKind(actor) === 'all') return always;
  return sql<SqlBool>`${column} in (select sps.id from protected_systems sps where ${resellerClientIn(actor, 'sps')})`;
}

/** The condition restricting `alias` (a row of `table`) to the actor's scope. */
export function tenantCondition(
  actor: Actor,
  table: TenantTable,
  alias: string = table,
): RawBuilder<SqlBool> {
  const scope: TenantScope = TENANT_TABLES[table];
  const col = (c: string) => sql.ref(`${alias}.${c}`);
  switch (scope.by) {
    case 'reseller_client':
      return resellerClientIn(actor, alias);
    case 'organisation':
      return organisationRowIn(actor, alias);
    case 'organisation_id':
      return organisationIn(actor, col(scope.column));
    case 'reseller_id':
      return resellerIn(actor, col(scope.column));
    case 'vault': {
      if (scopeKind(actor) === 'all') return always;
      if (scopeKind(actor) === 'client') return never;
      const reseller = col('reseller_id');
      return sql<SqlBool>`(${reseller} is null or ${resellerIn(actor, reseller)})`;
    }
    case 'system':
      return systemIn(actor, col(scope.column));
    case 'threshold': {
      if (scopeKind(actor) === 'all') return always;
      const kind = col('scope_kind');
      const id = col('scope_id');
      // Inherited settings are read from the reseller and client above a system.
      return sql<SqlBool>`((${kind} = 'reseller' and ${resellerIn(actor, id)}) or (${kind} = 'client' and ${organisationIn(actor, id)}) or (${kind} = 'system' and ${systemIn(actor, id)}))`;
    }
  }
}
