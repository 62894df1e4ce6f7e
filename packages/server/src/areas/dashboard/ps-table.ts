import { type DashboardSystemRow, type DashboardTableAnswer, HEALTH_SEVERITY } from '@lifeboat/contract';
import type { Database } from '@lifeboat/db';
import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { AppContext } from '../../context';
import {
  correlatedTo,
  ofSystems,
  ownedBy,
  parentsOf,
  type Scoped,
  scoped,
  thresholdsOfSystems,
} from '../../scope';
import { nameContains } from '../../search/name-search';
import type { Owner } from './owner';
import { presentSystem, type SystemExtras } from './ps-presenter';
import { ownerTotals } from './rollup';
import type { TableQuery } from './table-input';

// The protected-systems table: filtered, searched, ordered and paged in the database through the
// indexes that start with the owner's column (ps_reseller_health, ps_reseller_type,
// ps_reseller_name and their client twins); the cells of one page are then read by id.

type Db = Kysely<Database>;

function filtered(db: Db, owner: Owner, q: TableQuery, search: RawBuilder<SqlBool> | null) {
  let qb = scoped(db, owner.actor).within(ownedBy(owner.row, 'ps')).selectFrom('protected_systems as ps');
  const f = q.filters;
  if (f.health_status) qb = qb.where('ps.health_status', 'in', f.health_status as never[]);
  if (f.device_type) qb = qb.where('ps.device_type', 'in', f.device_type as never[]);
  if (f.client_id) qb = qb.where('ps.client_id', 'in', f.client_id.map(Number));
  if (search) qb = qb.where(search);
  return qb;
}

/** One page of the table, read afresh on every request (the total of an unfiltered table from the rollups). */
export async function protectedSystemsTable(
  ctx: AppContext,
  owner: Owner,
  q: TableQuery,
): Promise<DashboardTableAnswer<DashboardSystemRow>> {
  const db = ctx.dbh.db;
  const search = await nameContains(db, 'protected_systems', 'ps', q.search, { narrow: true });
  const unfiltered = !q.search && Object.keys(q.filters).length === 0;
  const total = unfiltered
    ? (await ownerTotals(db, owner)).systems
    : Number(
        (
          await filtered(db, owner, q, search)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
  const offset = (q.page - 1) * q.rows;
  const rows = offset >= total ? [] : await pageRows(db, owner, q, offset, search);
  const extras = await loadExtras(scoped(db, owner.actor), rows);
  const now = ctx.clock.now();
  return {
    content: rows.map((r) => presentSystem(r, extras, now)),
    records_count: total,
    records_count_capped: false,
    empty_desc: emptyDescription(q),
  };
}

function pageRows(db: Db, owner: Owner, q: TableQuery, offset: number, search: RawBuilder<SqlBool> | null) {
  return filtered(db, owner, q, search)
    .innerJoin('organisations as c', 'c.id', 'ps.client_id')
    .select([
      'ps.id',
      'ps.name',
      'ps.reseller_id',
      'ps.client_id',
      'c.name as client_name',
      'ps.appliance_id',
      'ps.device_type',
      'ps.os_type',
      'ps.hostname',
      'ps.service_gen',
      'ps.is_d2c',
      'ps.agent_version',
      'ps.need_update',
      'ps.health_status',
      'ps.health_reason',
      'ps.parked',
      'ps.last_rp_at',
      'ps.pool_used_bytes',
      'ps.local_used_bytes',
      'ps.local_total_bytes',
      'ps.cloud_used_bytes',
      'ps.source_id',
    ])
    .$call((qb) => (q.sort.column === 'name' ? qb : qb.orderBy(sortKey(q), q.sort.dir)))
    .orderBy('ps.name_lc', q.sort.column === 'name' ? q.sort.dir : 'asc')
    .orderBy('ps.id', q.sort.column === 'name' ? q.sort.dir : 'asc')
    .limit(q.rows)
    .offset(offset)
    .execute();
}

/** Health sorts by severity, worst first (HEALTH_SEVERITY), not by its letters. */
const severityCase = sql<number>`case ps.health_status ${sql.join(
  HEALTH_SEVERITY.map((h, i) => sql`when ${sql.lit(h)} then ${sql.lit(i)}`),
  sql` `,
)} else ${sql.lit(HEALTH_SEVERITY.length)} end`;

/**
 * The ORDER BY of a page from the whitelisted sort columns (DASHBOARD_SORTS; the body's schema
 * refused any other); name then id follow as tie-breakers, so pages never overlap. The default,
 * name, is the owner's name index (ps_reseller_name, ps_client_name).
 */
function sortKey(q: TableQuery) {
  switch (q.sort.column) {
    case 'client_name':
      return sql`c.name_lc`;
    case 'health_status':
      return severityCase;
    case 'last_rp':
      // Never backed up sorts as the oldest on both engines (their nulls order differs).
      return sql`coalesce(ps.last_rp_at, -1)`;
    default:
      return sql`ps.name_lc`;
  }
}

export type SystemPageRow = Awaited<ReturnType<typeof pageRows>>[number];

function emptyDescription(q: TableQuery): string {
  if (q.search || Object.keys(q.filters).length) {
    return 'No protected systems match these filters. Clear the search or the filters to see them all.';
  }
  return 'No protected systems yet. Install the agent on a server or workstation (Download agent) to protect it.';
}

/**
 * The cells that live outside protected_systems, for one page of systems (at most 100 ids): each
 * read narrowed to the page's rows, which were read in scope (ofSystems, parentsOf, ...).
 */
async function loadExtras(s: Scoped, rows: SystemPageRow[]): Promise<SystemExtras> {
  if (rows.length === 0) return emptyExtras();
  const hasAppliance = rows.some((r) => r.appliance_id !== null);
  const [jobs, inUse, verifies, vaults, appliances, thresholds] = await Promise.all([
    s
      .within(ofSystems(rows, 'jobs'))
      .selectFrom('jobs')
      .select(['id', 'system_id', 'name'])
      .orderBy('id')
      .execute(),
    s
      .within(ofSystems(rows, 'restore_points'))
      .selectFrom('restore_points')
      .select(['system_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('in_use', '=', 1)
      .groupBy('system_id')
      .execute(),
    s
      .within(ofSystems(rows, 'a'))
      .selectFrom('autoverify_results as a')
      .select(['a.system_id', 'a.kind', 'a.status', 'a.rp_taken_at', 'a.ended_at', 'a.screenshot_seed'])
      .where(
        'a.ended_at',
        '=',
        // The newest run of the same system (correlated: b's system is a's).
        s
          .within(correlatedTo('b', 'system_id', 'a', 'system_id'))
          .selectFrom('autoverify_results as b')
          .select((e) => e.fn.max('b.ended_at').as('m')),
      )
      .execute(),
    s
      .within(ofSystems(rows, 'sv'))
      .selectFrom('system_vaults as sv')
      .innerJoin('vaults as v', 'v.id', 'sv.vault_id')
      .select(['sv.system_id', 'v.id', 'v.name', 'v.vault_type'])
      .orderBy('v.id')
      .execute(),
    hasAppliance
      ? s
          .within(parentsOf(rows, 'appliance', 'appliances'))
          .selectFrom('appliances')
          .select(['id', 'name', 'license_type'])
          .execute()
      : Promise.resolve([]),
    s
      .within(thresholdsOfSystems(rows))
      .selectFrom('thresholds')
      .select(['scope_kind', 'scope_id', 'kind', 'minutes', 'enabled'])
      .execute(),
  ]);
  const extras = emptyExtras();
  for (const j of jobs) {
    const sid = Number(j.system_id);
    if (!extras.firstJob.has(sid)) extras.firstJob.set(sid, { id: Number(j.id), name: j.name });
  }
  for (const r of inUse) extras.inUse.set(Number(r.system_id), Number(r.n));
  for (const v of verifies) {
    extras.verify.set(Number(v.system_id), {
      status: v.status,
      rpTakenAt: Number(v.rp_taken_at),
      endedAt: Number(v.ended_at),
      hasShot: v.screenshot_seed !== null,
      repositoryCheck: v.kind === 'repository_check',
    });
  }
  for (const v of vaults) {
    const sid = Number(v.system_id);
    const list = extras.vaults.get(sid) ?? [];
    list.push({ vault_id: Number(v.id), vault_name: v.name, type: v.vault_type });
    extras.vaults.set(sid, list);
  }
  for (const a of appliances) extras.appliances.set(Number(a.id), { name: a.name, type: a.license_type });
  extras.thresholds = thresholds.map((t) => ({
    ...t,
    scope_id: Number(t.scope_id),
    minutes: Number(t.minutes),
    enabled: Number(t.enabled),
  }));
  return extras;
}

function emptyExtras(): SystemExtras {
  return {
    firstJob: new Map(),
    inUse: new Map(),
    verify: new Map(),
    vaults: new Map(),
    appliances: new Map(),
    thresholds: [],
  };
}
