import {
  type ApplianceDetailsAnswer,
  HEALTH,
  LICENCE_TYPE_LABEL,
  licenceUsage,
  OFFLINE_HISTORY_ROWS,
  type VaultDetailsAnswer,
} from '@lifeboat/contract';
import type { Database } from '@lifeboat/db';
import { type Kysely, sql } from 'kysely';
import { NotFoundError } from '../../http/errors';
import { type Actor, scoped } from '../../scope';
import { APPLIANCE_ROLLUP_COLUMNS } from '../dashboard/rollup';

// The appliance and vault pages' headers (issue 18.8). Figures come from the rollups of
// migration 009 (appliance_rollups, client_vault_rollups), never from a scan of the systems.

type Db = Kysely<Database>;
const n = (v: unknown) => Number(v ?? 0);
const pct = (used: number, of: number) => (of > 0 ? Math.round((used / of) * 1000) / 10 : 0);

type Counts = {
  systems?: unknown;
  servers?: unknown;
  workstations?: unknown;
  nas?: unknown;
} & { [K in `h_${Lowercase<(typeof HEALTH)[number]>}`]?: unknown };

function systemCounts(r: Counts) {
  return {
    total: n(r.systems),
    servers: n(r.servers),
    workstations: n(r.workstations),
    nas: n(r.nas),
    health: Object.fromEntries(
      HEALTH.map((h) => [h, n(r[`h_${h.toLowerCase()}` as keyof Counts])]),
    ) as ApplianceDetailsAnswer['systems']['health'],
  };
}

export async function applianceDetails(db: Db, actor: Actor, id: number): Promise<ApplianceDetailsAnswer> {
  const s = scoped(db, actor);
  const a = await s
    .selectFrom('appliances as a')
    .innerJoin('organisations as c', 'c.id', 'a.client_id')
    .innerJoin('organisations as r', 'r.id', 'a.reseller_id')
    .leftJoin('appliance_rollups as ar', 'ar.appliance_id', 'a.id')
    .selectAll('a')
    .select(['c.name as client_name', 'r.name as reseller_name', ...APPLIANCE_ROLLUP_COLUMNS])
    .where('a.id', '=', id)
    .executeTakeFirst();
  if (!a) throw new NotFoundError('This appliance');
  // Points held by a share, a VM or an export (the partial index rp_in_use of migration 003).
  const inUse = await s
    .selectFrom('protected_systems as ps')
    .innerJoin('restore_points as rp', 'rp.system_id', 'ps.id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('ps.appliance_id', '=', id)
    .where(sql<boolean>`rp.in_use = 1`)
    .executeTakeFirstOrThrow();
  const offline = await s
    .selectFrom('appliance_offline_periods as o')
    .select(['o.started_at', 'o.ended_at'])
    .where('o.appliance_id', '=', id)
    .orderBy('o.started_at', 'desc')
    .limit(OFFLINE_HISTORY_ROWS)
    .execute();
  const systems = systemCounts(a);
  const usage = licenceUsage(a, systems);
  const poolUsed = n(a.storage_used_bytes);
  const poolTotal = n(a.storage_total_bytes);
  return {
    id: n(a.id),
    sid: a.sid,
    name: a.name,
    model_name: a.model_name,
    version: a.version,
    online: n(a.online) === 1,
    is_brc_appliance: n(a.is_brc_appliance) === 1,
    created_at: n(a.created_at),
    client: { id: n(a.client_id), name: a.client_name },
    reseller: { id: n(a.reseller_id), name: a.reseller_name },
    license: {
      name: a.license_name,
      type: a.license_type,
      type_label: LICENCE_TYPE_LABEL[a.license_type],
      measured_by: usage.measured_by,
      percent: usage.percent,
      seats: {
        ...usage.seats,
        workstations: { used: systems.workstations, licensed: n(a.license_workstations) },
        servers: { used: systems.servers, licensed: n(a.license_servers) },
        nas: { used: systems.nas, licensed: n(a.license_nas) },
      },
      storage: usage.storage,
    },
    storage_pool: { used_bytes: poolUsed, total_bytes: poolTotal, percent: pct(poolUsed, poolTotal) },
    systems,
    restore_points_in_use: n(inUse.n),
    offline_history: offline.map((o) => ({
      started_at: n(o.started_at),
      ended_at: o.ended_at === null ? null : n(o.ended_at),
    })),
    can_support: actor.rights.has('support_login'),
  };
}

/** A vault the actor may see (the provider's shared cloud vaults and its reseller's own), or 404. */
export async function loadVault(db: Db, actor: Actor, id: number) {
  const v = await scoped(db, actor)
    .selectFrom('vaults as v')
    .leftJoin('organisations as r', 'r.id', 'v.reseller_id')
    .selectAll('v')
    .select('r.name as reseller_name')
    .where('v.id', '=', id)
    .executeTakeFirst();
  if (!v) throw new NotFoundError('This vault');
  return v;
}

export async function vaultDetails(db: Db, actor: Actor, id: number): Promise<VaultDetailsAnswer> {
  const s = scoped(db, actor);
  const v = await loadVault(db, actor, id);
  // Only the actor's own rows of a shared cloud vault: it never reveals other resellers' numbers.
  const sums = await s
    .selectFrom('client_vault_rollups as cv')
    .select((eb) =>
      (
        ['systems', 'servers', 'workstations', 'nas', ...HEALTH.map((h) => `h_${h.toLowerCase()}`)] as const
      ).map((c) => eb.fn.sum<number>(sql.ref(`cv.${c}`)).as(c)),
    )
    .where('cv.vault_id', '=', id)
    .executeTakeFirstOrThrow();
  const used = n(v.used_bytes);
  const capacity = n(v.capacity_bytes);
  return {
    id: n(v.id),
    name: v.name,
    vault_type: v.vault_type,
    reseller: v.reseller_id === null ? null : { id: n(v.reseller_id), name: v.reseller_name ?? '' },
    capacity_bytes: capacity,
    used_bytes: used,
    percent: pct(used, capacity),
    created_at: n(v.created_at),
    systems: systemCounts(sums as Counts),
    can_support: actor.rights.has('support_login'),
  };
}
