import type { DashboardSystemRow, DashboardTableAnswer } from '@lifeboat/contract';
import type { Database } from '@lifeboat/db';
import { type Kysely, sql } from 'kysely';
import { reuseAnswer } from '../../cache/reuse-cache';
import type { AppContext } from '../../context';
import type { Owner } from './owner';
import { ownerCondition } from './owner';
import { presentSystem, type SystemExtras } from './ps-presenter';
import { loadRollup } from './rollup';
import type { TableQuery } from './table-input';
import { likeContains } from './table-input';

// The protected-systems table: filtered, searched, ordered and paged in the database through the
// indexes that start with the owner's column (ps_reseller_health, ps_reseller_type,
// ps_reseller_name and their client twins); the cells of one page are then read by id.

type Db = Kysely<Database>;

function filtered(db: Db, owner: Owner, q: TableQuery) {
  let qb = db.selectFrom('protected_systems as ps').where(ownerCondition(owner, 'ps'));
  const f = q.filters;
  if (f.health_status) qb = qb.where('ps.health_status', 'in', f.health_status as never[]);
  if (f.device_type) qb = qb.where('ps.device_type', 'in', f.device_type as never[]);
  if (f.client_id) qb = qb.where('ps.client_id', 'in', f.client_id.map(Number));
  if (q.search) qb = qb.where(sql<boolean>`ps.name_lc like ${likeContains(q.search)} escape '\\'`);
  return qb;
}

/**
 * One page of the table. Identical pages (same owner, filters, search, page) are shared for 2
 * seconds: a reseller's technicians and the refresh timers ask for the same first pages.
 */
export function protectedSystemsTable(
  ctx: AppContext,
  owner: Owner,
  q: TableQuery,
): Promise<DashboardTableAnswer<DashboardSystemRow>> {
  const key = `ps:${owner.kind}:${owner.id}:${JSON.stringify(q)}`;
  return reuseAnswer(key, ctx.clock.now(), () => readPage(ctx, owner, q));
}

async function readPage(
  ctx: AppContext,
  owner: Owner,
  q: TableQuery,
): Promise<DashboardTableAnswer<DashboardSystemRow>> {
  const db = ctx.dbh.db;
  const unfiltered = !q.search && Object.keys(q.filters).length === 0;
  const total = unfiltered
    ? (await loadRollup(db, owner, ctx.clock.now())).systems.length
    : Number(
        (
          await filtered(db, owner, q)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
  const offset = (q.page - 1) * q.rows;
  const rows = offset >= total ? [] : await pageRows(db, owner, q, offset);
  const extras = await loadExtras(db, owner, rows);
  const now = ctx.clock.now();
  return {
    content: rows.map((r) => presentSystem(r, extras, now)),
    records_count: total,
    empty_desc: emptyDescription(q),
  };
}

function pageRows(db: Db, owner: Owner, q: TableQuery, offset: number) {
  return filtered(db, owner, q)
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
    ])
    .orderBy('ps.name_lc')
    .orderBy('ps.id')
    .limit(q.rows)
    .offset(offset)
    .execute();
}

export type SystemPageRow = Awaited<ReturnType<typeof pageRows>>[number];

function emptyDescription(q: TableQuery): string {
  if (q.search || Object.keys(q.filters).length) {
    return 'No protected systems match these filters. Clear the search or the filters to see them all.';
  }
  return 'No protected systems yet. Install the agent on a server or workstation (Download agent) to protect it.';
}

/** The cells that live outside protected_systems, for one page of systems (at most 100 ids). */
async function loadExtras(db: Db, owner: Owner, rows: SystemPageRow[]): Promise<SystemExtras> {
  const ids = rows.map((r) => Number(r.id));
  if (ids.length === 0) return emptyExtras();
  const applianceIds = [...new Set(rows.map((r) => r.appliance_id).filter((a): a is number => a !== null))];
  const clientIds = [...new Set(rows.map((r) => Number(r.client_id)))];
  const [jobs, inUse, verifies, vaults, appliances, thresholds] = await Promise.all([
    db
      .selectFrom('jobs')
      .select(['id', 'system_id', 'name'])
      .where('system_id', 'in', ids)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('restore_points')
      .select(['system_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('system_id', 'in', ids)
      .where('in_use', '=', 1)
      .groupBy('system_id')
      .execute(),
    db
      .selectFrom('autoverify_results as a')
      .select(['a.system_id', 'a.status', 'a.rp_taken_at', 'a.ended_at', 'a.screenshot_seed'])
      .where('a.system_id', 'in', ids)
      .where('a.ended_at', '=', (eb) =>
        eb
          .selectFrom('autoverify_results as b')
          .select((e) => e.fn.max('b.ended_at').as('m'))
          .whereRef('b.system_id', '=', 'a.system_id'),
      )
      .execute(),
    db
      .selectFrom('system_vaults as sv')
      .innerJoin('vaults as v', 'v.id', 'sv.vault_id')
      .select(['sv.system_id', 'v.id', 'v.name', 'v.vault_type'])
      .where('sv.system_id', 'in', ids)
      .orderBy('v.id')
      .execute(),
    applianceIds.length
      ? db
          .selectFrom('appliances')
          .select(['id', 'name', 'license_type'])
          .where('id', 'in', applianceIds)
          .execute()
      : Promise.resolve([]),
    db
      .selectFrom('thresholds')
      .select(['scope_kind', 'scope_id', 'kind', 'minutes', 'enabled'])
      .where((eb) =>
        eb.or([
          eb.and([eb('scope_kind', '=', 'system'), eb('scope_id', 'in', ids)]),
          eb.and([eb('scope_kind', '=', 'client'), eb('scope_id', 'in', clientIds)]),
          eb.and([eb('scope_kind', '=', 'reseller'), eb('scope_id', '=', owner.resellerId)]),
        ]),
      )
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
