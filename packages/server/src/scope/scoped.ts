import type { Database } from '@lifeboat/db';
import type {
  Expression,
  Kysely,
  KyselyPlugin,
  OperationNode,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryCreator,
  QueryResult,
  RawBuilder,
  SqlBool,
  UnknownRow,
} from 'kysely';
import { NotFoundError } from '../http/errors';
import { type Actor, scopeKind } from './actor';
import { isTenantTable, TENANT_TABLES, type TenantScope, type TenantTable, tenantCondition } from './tenancy';

// The one way area code reads and writes tenant tables (ARCHITECTURE 'Tenancy'):
//
//   scoped(db, actor).selectFrom('cifs_shares as s')   adds the actor's scope condition on `s`
//   scoped(db, actor).updateTable(...) / .deleteFrom(...)        the same on the written table
//   scoped(db, actor, parent).insertInto(...)           checks each row's scope columns
//   unscoped(db, 'why')                                 system code across tenants, greppable
//
// Tables joined onto a scoped query are reached through the scoped row (a foreign key), so the
// condition is on the table named in FROM; the tenancy check flags joins on a tenant table in a
// query that did not start from scoped() or unscoped().

/** A database handle whose tenant tables are restricted to one actor. */
export interface Scoped {
  readonly selectFrom: QueryCreator<Database>['selectFrom'];
  readonly updateTable: QueryCreator<Database>['updateTable'];
  readonly deleteFrom: QueryCreator<Database>['deleteFrom'];
  readonly insertInto: QueryCreator<Database>['insertInto'];
  /** The same, with a narrower condition from scope/conditions.ts standing in for the default. */
  within(...conditions: ScopeCondition[]): Scoped;
}

declare const vouched: unique symbol;

/**
 * A condition on one alias that is within the actor's scope (built by scope/conditions.ts from
 * rows already loaded in scope, or tuned for an index): it replaces the default for that alias.
 */
export interface ScopeCondition {
  readonly [vouched]: true;
  readonly alias: string;
  readonly condition: RawBuilder<SqlBool>;
}

/** Only scope/ builds these (see conditions.ts). */
export function vouch(alias: string, condition: RawBuilder<SqlBool>): ScopeCondition {
  return { alias, condition } as ScopeCondition;
}

/**
 * A row the caller loaded through scoped() or findInScope: an insert whose scope the actor alone
 * cannot decide (a distributor's reseller, a system's child rows) is checked against it.
 */
export interface ScopeParent {
  id: number;
  reseller_id?: number | null;
  client_id?: number | null;
}

type Where = { where(e: Expression<SqlBool>): Where };

function parseFrom(from: unknown): { table: string; alias: string }[] {
  const list = Array.isArray(from) ? from : [from];
  return list
    .filter((f): f is string => typeof f === 'string')
    .map((f) => {
      const [table = '', alias] = f.trim().split(/\s+as\s+/i);
      return { table, alias: alias ?? table };
    });
}

export function scoped(db: Kysely<Database>, actor: Actor, ...parents: ScopeParent[]): Scoped {
  return makeScoped(db, actor, parents, new Map());
}

function makeScoped(
  db: Kysely<Database>,
  actor: Actor,
  parents: ScopeParent[],
  narrowed: Map<string, RawBuilder<SqlBool>>,
): Scoped {
  const restrict = (query: unknown, from: unknown): unknown => {
    let q = query as Where;
    for (const { table, alias } of parseFrom(from))
      if (isTenantTable(table)) q = q.where(narrowed.get(alias) ?? tenantCondition(actor, table, alias));
    return q;
  };
  return {
    selectFrom: ((from: never) => restrict(db.selectFrom(from), from)) as unknown as Scoped['selectFrom'],
    updateTable: ((from: never) => restrict(db.updateTable(from), from)) as unknown as Scoped['updateTable'],
    deleteFrom: ((from: never) => restrict(db.deleteFrom(from), from)) as unknown as Scoped['deleteFrom'],
    insertInto: ((table: keyof Database) =>
      db.withPlugin(new InsertGuard(actor, parents)).insertInto(table)) as Scoped['insertInto'],
    within: (...conditions) =>
      makeScoped(
        db,
        actor,
        parents,
        new Map([...narrowed, ...conditions.map((c) => [c.alias, c.condition] as const)]),
      ),
  };
}

/**
 * The escape hatch for system code that works across tenants (workers, the living fleet, the
 * generator, sign-in): the plain handle, with the reason written where it is used.
 */
export function unscoped(db: Kysely<Database>, reason: string): Kysely<Database> {
  void reason;
  return db;
}

// --- the insert check ---

type Row = Record<string, unknown>;

function insertedRows(node: OperationNode): { table: string; rows: Row[] } | null {
  if (node.kind !== 'InsertQueryNode') return null;
  const n = node as unknown as {
    into?: { table: { identifier: { name: string } } };
    columns?: { column: { name: string } }[];
    values?: { kind: string; values: { kind: string; values: unknown[] }[] };
  };
  const table = n.into?.table.identifier.name ?? '';
  const columns = (n.columns ?? []).map((c) => c.column.name);
  if (n.values?.kind !== 'ValuesNode') return { table, rows: [] };
  const rows = n.values.values.map((list) => {
    const row: Row = {};
    list.values.forEach((v, i) => {
      const value =
        list.kind === 'ValueListNode' && (v as { kind?: string }).kind === 'ValueNode'
          ? (v as { value: unknown }).value
          : list.kind === 'ValueListNode'
            ? undefined
            : v;
      row[columns[i] ?? ''] = value;
    });
    return row;
  });
  return { table, rows };
}

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** Is the inserted row within the actor's scope? null: the actor alone cannot tell. */
export function rowInScope(actor: Actor, scope: TenantScope, row: Row): boolean | null {
  const kind = scopeKind(actor);
  if (kind === 'all') return true;
  const reseller = (id: number | null) =>
    kind === 'distributor' ? null : id !== null && id === actor.resellerId;
  switch (scope.by) {
    case 'reseller_client':
      if (kind === 'client') return num(row.client_id) === actor.clientId;
      return reseller(num(row.reseller_id));
    case 'organisation':
      if (kind === 'client') return false;
      if (kind === 'distributor') return num(row.distributor_id) === actor.distributorId;
      return num(row.reseller_id) === actor.resellerId;
    case 'organisation_id': {
      const id = num(row[scope.column]);
      if (id !== null && id === actor.organisationId) return true;
      return kind === 'client' ? false : null;
    }
    case 'reseller_id':
      return reseller(num(row[scope.column]));
    case 'vault':
      return row.reseller_id === null || row.reseller_id === undefined
        ? false
        : reseller(num(row.reseller_id));
    case 'system':
      return null;
    case 'threshold':
      if (row.scope_kind === 'reseller') return reseller(num(row.scope_id));
      if (row.scope_kind === 'client' && kind === 'client') return num(row.scope_id) === actor.clientId;
      return null;
  }
}

/** Does a parent loaded in scope vouch for the row? */
function parentVouches(scope: TenantScope, row: Row, p: ScopeParent): boolean {
  switch (scope.by) {
    case 'reseller_client':
    case 'vault':
      return (
        p.reseller_id !== undefined &&
        num(row.reseller_id) === num(p.reseller_id) &&
        (p.client_id === undefined || row.client_id === undefined || num(row.client_id) === num(p.client_id))
      );
    case 'organisation':
      return num(row.parent_id) === p.id;
    case 'organisation_id':
    case 'reseller_id':
    case 'system':
      return num(row[scope.column]) === p.id;
    case 'threshold':
      return num(row.scope_id) === p.id;
  }
}

class InsertGuard implements KyselyPlugin {
  constructor(
    private readonly actor: Actor,
    private readonly parents: ScopeParent[],
  ) {}

  transformQuery(args: PluginTransformQueryArgs) {
    const found = insertedRows(args.node);
    if (found && isTenantTable(found.table)) {
      const scope: TenantScope = TENANT_TABLES[found.table as TenantTable];
      if (found.rows.length === 0) throw new Error(`scoped insert into ${found.table}: only VALUES rows`);
      for (const row of found.rows) {
        const own = rowInScope(this.actor, scope, row);
        const ok = own ?? this.parents.some((p) => parentVouches(scope, row, p));
        if (own === null && !ok && this.parents.length === 0)
          throw new Error(
            `scoped insert into ${found.table}: pass the parent row loaded in scope, scoped(db, actor, parent)`,
          );
        if (!ok) throw new NotFoundError('This object');
      }
    }
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}
