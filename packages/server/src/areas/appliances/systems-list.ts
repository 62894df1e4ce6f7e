import type { EntityListParams, PlacedSystemRow, TableAnswer } from '@lifeboat/contract';
import type { Database } from '@lifeboat/db';
import { type Kysely, sql } from 'kysely';
import { type Actor, correlatedTo, scoped } from '../../scope';
import { COUNT_LIMIT, offsetOf, one, pageWithTotal, prefixBounds, startsWith } from '../entities/list-params';

// The protected systems behind an appliance (ps_appliance) or with copies in a vault
// (system_vaults_vault), a page at a time in the database: a shared cloud vault holds ~20,000
// systems on the large fleet, so nothing loads a whole list (issue 18.8).

type Db = Kysely<Database>;
export type Placement = { appliance: number } | { vault: number };
export type PageParams = Pick<EntityListParams, 'page' | 'rows' | 'search'>;

function base(db: Db, actor: Actor, where: Placement, search: string) {
  let q = scoped(db, actor).selectFrom('protected_systems as ps');
  q =
    'appliance' in where
      ? q.where('ps.appliance_id', '=', where.appliance)
      : q.where((eb) =>
          eb.exists(
            // Correlated on the scoped system row: the vault's link rows of that system.
            scoped(db, actor)
              .within(correlatedTo('sv', 'system_id', 'ps'))
              .selectFrom('system_vaults as sv')
              .select(one)
              .where('sv.vault_id', '=', where.vault),
          ),
        );
  const b = prefixBounds(search);
  if (b) q = q.where(startsWith(sql.ref('ps.name_lc'), b));
  return q;
}

export async function placedSystems(
  db: Db,
  actor: Actor,
  where: Placement,
  p: PageParams,
): Promise<TableAnswer<PlacedSystemRow>> {
  const q = base(db, actor, where, p.search);
  const { rows, total } = await pageWithTotal(
    db,
    p as EntityListParams,
    q
      .innerJoin('organisations as c', 'c.id', 'ps.client_id')
      .leftJoin('appliances as a', 'a.id', 'ps.appliance_id')
      .select([
        'ps.id',
        'ps.name',
        'ps.device_type',
        'ps.os_name',
        'ps.health_status',
        'ps.last_rp_at',
        'ps.agent_version',
        'ps.client_id',
        'c.name as client_name',
        'a.name as appliance_name',
      ])
      .orderBy('ps.name_lc')
      .orderBy('ps.id')
      .limit(p.rows)
      .offset(offsetOf(p as EntityListParams))
      .execute(),
    () => q.select(one).limit(COUNT_LIMIT),
  );
  return {
    content: rows.map((r) => ({
      id: Number(r.id),
      name: r.name,
      device_type: r.device_type,
      os_name: r.os_name,
      health_status: r.health_status,
      last_rp_at: r.last_rp_at === null ? null : Number(r.last_rp_at),
      agent_version: r.agent_version,
      client_id: Number(r.client_id),
      client_name: r.client_name,
      appliance_name: r.appliance_name ?? null,
    })),
    records_count: total.count,
    records_count_capped: total.capped,
    empty_desc: p.search
      ? 'No protected system matches this search.'
      : 'appliance' in where
        ? 'No protected system backs up to this appliance.'
        : 'None of your protected systems has copies in this vault.',
  };
}
