import {
  type ClientRow,
  type DistributorRow,
  type EntityListAnswer,
  type EntityListParams,
  HEALTH_SEVERITY,
  type ResellerRow,
} from '@lifeboat/contract';
import type { Database } from '@lifeboat/db';
import { type AliasedRawBuilder, type Kysely, type RawBuilder, sql } from 'kysely';
import { type Actor, orgsOfKind, scoped } from '../../scope';
import { nameContains, narrowScope } from '../../search/name-search';
import { clientHealthCondition } from './client-health';
import { answer, COUNT_LIMIT, offsetOf, one, pageWithTotal } from './list-params';
import { clientRowFlags, resellerRowFlags } from './permissions';

// Distributors, resellers and clients: organisations of one kind, paged by name_lc on the
// (scope column, kind, name_lc) indexes of the initial migration.

type Db = Kysely<Database>;
type Kind = 'distributor' | 'reseller' | 'client';

interface OrgFilters {
  resellerId?: number;
  /** Clients in this health (client-health.ts). */
  health?: string;
}

/**
 * One page of organisations with the per-row figures as correlated subqueries: they run for the
 * page's rows only (the name index gives the order, LIMIT stops it), each one an index-only count.
 */
async function pageOrgs<X extends string>(
  db: Db,
  actor: Actor,
  kind: Kind,
  p: EntityListParams,
  figures: AliasedRawBuilder<number | string | null, X>[],
  f: OrgFilters = {},
) {
  let base = scoped(db, actor).within(orgsOfKind(actor, kind)).selectFrom('organisations as o');
  if (f.resellerId !== undefined) base = base.where('o.reseller_id', '=', f.resellerId);
  const health = f.health ? clientHealthCondition(f.health, 'o') : null;
  if (health) base = base.where(health);
  const narrow = narrowScope(actor) || f.resellerId !== undefined;
  const search = await nameContains(db, 'organisations', 'o', p.search, { narrow });
  if (search) base = base.where(search);
  return pageWithTotal(
    db,
    p,
    base
      .select(['o.id', 'o.name', 'o.email', 'o.reseller_id', 'o.can_create_client', 'o.created_at'])
      .select(figures)
      .orderBy('o.name_lc')
      .orderBy('o.id')
      .limit(p.rows)
      .offset(offsetOf(p))
      .execute(),
    () => base.select(one).limit(COUNT_LIMIT),
  );
}

const figure = <A extends string>(query: RawBuilder<number | string | null>, alias: A) => query.as(alias);
const n = (v: unknown) => Number(v ?? 0);

export async function listDistributors(
  db: Db,
  actor: Actor,
  p: EntityListParams,
): Promise<EntityListAnswer<DistributorRow>> {
  const { rows, total } = await pageOrgs(db, actor, 'distributor', p, [
    figure(
      sql`(select count(*) from organisations x where x.distributor_id = o.id and x.kind = 'reseller')`,
      'resellers',
    ),
  ]);
  const content = rows.map((r) => ({
    id: r.id,
    name: r.name,
    email: r.email,
    resellers: n(r.resellers),
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
  const { rows, total } = await pageOrgs(db, actor, 'reseller', p, [
    figure(sql`(select d.name from organisations d where d.id = o.distributor_id)`, 'distributor_name'),
    figure(
      sql`(select count(*) from organisations x where x.reseller_id = o.id and x.kind = 'client')`,
      'clients',
    ),
    // The clients' rollups (migration 009) instead of counting up to thousands of systems.
    figure(
      sql`(select coalesce(sum(cr.systems), 0) from client_rollups cr where cr.reseller_id = o.id)`,
      'devices',
    ),
  ]);
  const content = rows.map((r) => ({
    id: r.id,
    name: r.name,
    email: r.email,
    distributor_name: r.distributor_name === null ? null : String(r.distributor_name),
    can_create_client: r.can_create_client === 1,
    clients: n(r.clients),
    devices: n(r.devices),
    created_at: r.created_at,
    ...resellerRowFlags(actor, { clients: n(r.clients) }),
  }));
  return answer(p, content, total, p.search ? 'No reseller matches this search.' : 'No resellers yet.');
}

// A client's health is the worst of its systems': the contract's HEALTH_SEVERITY (worstHealth),
// ranked in SQL (rank 0 = TROUBLED) from its row of client_rollups (migration 009): one
// primary-key probe per listed client, whatever its number of systems.
const worstRank = sql<number | null>`(select case ${sql.join(
  HEALTH_SEVERITY.map((h, i) => sql`when ${sql.ref(`cr.h_${h.toLowerCase()}`)} > 0 then ${sql.lit(i)}`),
  sql` `,
)} end from client_rollups cr where cr.client_id = o.id)`;

export async function listClients(
  db: Db,
  actor: Actor,
  p: EntityListParams,
): Promise<EntityListAnswer<ClientRow>> {
  const { rows, total } = await pageOrgs(
    db,
    actor,
    'client',
    p,
    [
      figure(sql`(select r.name from organisations r where r.id = o.reseller_id)`, 'reseller_name'),
      // The client's rollup row and an index-only count on appliances_client.
      figure(
        sql`(select coalesce(max(cr.systems), 0) from client_rollups cr where cr.client_id = o.id)`,
        'devices',
      ),
      figure(sql`(select count(*) from appliances a where a.client_id = o.id)`, 'appliances'),
      figure(worstRank, 'worst'),
      // The unprotected filter and the dashboard's count take a client with any unprotected
      // system, whose worst health may read otherwise: the row names them (client-health.ts).
      figure(
        sql`(select coalesce(max(cr.h_unprotected), 0) from client_rollups cr where cr.client_id = o.id)`,
        'unprotected',
      ),
    ],
    { resellerId: p.reseller_id, health: p.health_status },
  );
  const content = rows.map((r) => {
    const counts = { devices: n(r.devices), appliances: n(r.appliances) };
    return {
      id: r.id,
      name: r.name,
      email: r.email,
      reseller_id: r.reseller_id ?? 0,
      reseller_name: String(r.reseller_name ?? ''),
      ...counts,
      health_status: r.worst === null ? null : (HEALTH_SEVERITY[n(r.worst)] ?? null),
      unprotected_systems: n(r.unprotected),
      created_at: r.created_at,
      ...clientRowFlags(actor, counts),
    };
  });
  const empty = p.search || p.health_status ? 'No client matches these filters.' : 'No clients yet.';
  return answer(p, content, total, empty);
}
