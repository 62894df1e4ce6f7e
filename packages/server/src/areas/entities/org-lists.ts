import {
  type ClientRow,
  type DistributorRow,
  type EntityListAnswer,
  type EntityListParams,
  HEALTH,
  type Health,
  type ResellerRow,
} from '@lifeboat/contract';
import type { Database } from '@lifeboat/db';
import { type Kysely, sql } from 'kysely';
import { NotFoundError } from '../../http/errors';
import { type Actor, findOrgInScope } from '../../scope';
import { answer, COUNT_LIMIT, offsetOf, one, pageWithTotal, prefixBounds, startsWith } from './list-params';
import { clientRowFlags } from './permissions';
import { orgsOfKindInScope } from './scope-conditions';

// Distributors, resellers and clients: organisations of one kind, paged by name_lc on the
// (scope column, kind, name_lc) indexes of the initial migration.

type Db = Kysely<Database>;
type Kind = 'distributor' | 'reseller' | 'client';

interface OrgFilters {
  resellerId?: number;
  /** Clients with at least one system in this health (one probe of ps_client_health each). */
  health?: string;
}

async function pageOrgs(db: Db, actor: Actor, kind: Kind, p: EntityListParams, f: OrgFilters = {}) {
  let base = db.selectFrom('organisations as o').where(orgsOfKindInScope(actor, kind));
  if (f.resellerId !== undefined) base = base.where('o.reseller_id', '=', f.resellerId);
  if (f.health)
    base = base.where(
      sql<boolean>`exists (select 1 from protected_systems ps where ps.client_id = o.id and ps.health_status = ${f.health})`,
    );
  const b = prefixBounds(p.search);
  if (b) base = base.where(startsWith(sql.ref('o.name_lc'), b));
  const { rows, total } = await pageWithTotal(
    db,
    p,
    base
      .select(['o.id', 'o.name', 'o.email', 'o.distributor_id', 'o.reseller_id', 'o.created_at'])
      .orderBy('o.name_lc')
      .orderBy('o.id')
      .limit(p.rows)
      .offset(offsetOf(p))
      .execute(),
    () => base.select(one).limit(COUNT_LIMIT),
  );
  return { rows, total };
}

/** Names of the organisations a page's rows point to (their reseller or distributor). */
async function namesOf(db: Db, ids: (number | null)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((x): x is number => x !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .selectFrom('organisations')
    .select(['id', 'name'])
    .where('id', 'in', wanted)
    .execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Count rows per key for the ids of one page (index-only on the named index's leading column). */
async function countBy(
  db: Db,
  table: 'organisations' | 'protected_systems' | 'appliances',
  col: 'distributor_id' | 'reseller_id' | 'client_id',
  ids: number[],
  kind?: Kind,
): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  let q = db
    .selectFrom(table)
    .select([sql.ref<number>(col).as('k'), sql<number>`count(*)`.as('n')])
    .where(sql.ref(col), 'in', ids);
  if (kind) q = q.where(sql.ref('kind'), '=', kind);
  const rows = await q.groupBy(sql.ref(col)).execute();
  return new Map(rows.map((r) => [Number(r.k), Number(r.n)]));
}

export async function listDistributors(
  db: Db,
  actor: Actor,
  p: EntityListParams,
): Promise<EntityListAnswer<DistributorRow>> {
  const { rows, total } = await pageOrgs(db, actor, 'distributor', p);
  const resellers = await countBy(
    db,
    'organisations',
    'distributor_id',
    rows.map((r) => r.id),
    'reseller',
  );
  const content = rows.map((r) => ({
    id: r.id,
    name: r.name,
    email: r.email,
    resellers: resellers.get(r.id) ?? 0,
    created_at: r.created_at,
    can_edit: false,
    can_delete: false,
    can_details: false,
    can_support: false,
  }));
  return answer(p, content, total, p.search ? 'No distributor matches this search.' : 'No distributors yet.');
}

export async function listResellers(
  db: Db,
  actor: Actor,
  p: EntityListParams,
): Promise<EntityListAnswer<ResellerRow>> {
  const { rows, total } = await pageOrgs(db, actor, 'reseller', p);
  const ids = rows.map((r) => r.id);
  const [clients, devices, parents] = await Promise.all([
    countBy(db, 'organisations', 'reseller_id', ids, 'client'),
    countBy(db, 'protected_systems', 'reseller_id', ids),
    namesOf(
      db,
      rows.map((r) => r.distributor_id),
    ),
  ]);
  const content = rows.map((r) => ({
    id: r.id,
    name: r.name,
    email: r.email,
    distributor_name: (r.distributor_id !== null && parents.get(r.distributor_id)) || null,
    clients: clients.get(r.id) ?? 0,
    devices: devices.get(r.id) ?? 0,
    created_at: r.created_at,
    can_edit: false,
    can_delete: false,
    can_details: true,
    can_support: false,
  }));
  return answer(p, content, total, p.search ? 'No reseller matches this search.' : 'No resellers yet.');
}

// Worst first: the client's health is the worst of its systems'.
const HEALTH_RANK: Record<Health, number> = {
  TROUBLED: 0,
  WARNED: 1,
  UNPROTECTED: 2,
  NODATA: 3,
  PARKED: 4,
  NORMAL: 5,
};

async function clientHealth(db: Db, ids: number[]) {
  const byClient = new Map<number, { devices: number; worst: Health | null }>();
  if (ids.length === 0) return byClient;
  // Index-only on ps_client_health (client_id, health_status, name_lc).
  const rows = await db
    .selectFrom('protected_systems')
    .select(['client_id', 'health_status', sql<number>`count(*)`.as('n')])
    .where('client_id', 'in', ids)
    .groupBy(['client_id', 'health_status'])
    .execute();
  for (const r of rows) {
    const cur = byClient.get(r.client_id) ?? { devices: 0, worst: null };
    cur.devices += Number(r.n);
    const h = (HEALTH as readonly string[]).includes(r.health_status) ? (r.health_status as Health) : null;
    if (h && (cur.worst === null || HEALTH_RANK[h] < HEALTH_RANK[cur.worst])) cur.worst = h;
    byClient.set(r.client_id, cur);
  }
  return byClient;
}

export async function listClients(
  db: Db,
  actor: Actor,
  p: EntityListParams,
): Promise<EntityListAnswer<ClientRow>> {
  // A reseller filter (client/empty_table/?reseller_id=) must name a reseller the actor sees.
  if (p.reseller_id !== undefined) {
    const r = await findOrgInScope(db, actor, p.reseller_id, 'This reseller');
    if (r.kind !== 'reseller') throw new NotFoundError('This reseller');
  }
  const { rows, total } = await pageOrgs(db, actor, 'client', p, {
    resellerId: p.reseller_id,
    health: p.health_status,
  });
  const ids = rows.map((r) => r.id);
  const [health, appliances, resellers] = await Promise.all([
    clientHealth(db, ids),
    countBy(db, 'appliances', 'client_id', ids),
    namesOf(
      db,
      rows.map((r) => r.reseller_id),
    ),
  ]);
  const content = rows.map((r) => {
    const h = health.get(r.id);
    const counts = { devices: h?.devices ?? 0, appliances: appliances.get(r.id) ?? 0 };
    return {
      id: r.id,
      name: r.name,
      email: r.email,
      reseller_id: r.reseller_id ?? 0,
      reseller_name: resellers.get(r.reseller_id ?? 0) ?? '',
      ...counts,
      health_status: h?.worst ?? null,
      created_at: r.created_at,
      ...clientRowFlags(actor, counts),
    };
  });
  const empty = p.search || p.health_status ? 'No client matches these filters.' : 'No clients yet.';
  return answer(p, content, total, empty);
}
