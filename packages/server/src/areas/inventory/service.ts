import {
  INVENTORY_PAGE_SIZE,
  type InventoryAnswer,
  type InventoryPage,
  type InventoryType,
} from '@lifeboat/contract';
import { getMeta } from '@lifeboat/db';
import { perDatabase, TtlCache } from '../../cache/ttl-cache';
import type { AppContext } from '../../context';
import { type Actor, scoped } from '../../scope';
import { presentRow } from './presenter';
import {
  countTypes,
  decodeCursor,
  encodeCursor,
  lastHealthCheck,
  listSystems,
  pendingVmActions,
  type TypeCounts,
  vaultsOf,
} from './repository';
import { resolveScope } from './scope-filter';

export interface ScopeFilter {
  reseller_id?: number;
  client_id?: number;
}

interface Snapshot {
  counts: TypeCounts;
  lastCheck: number | null;
}

// typeCounters of a wide slice (the platform, a distributor) aggregate up to the whole fleet, so
// they are kept 5 s per slice, one cache per running app (tests build many apps), shared by the
// routes and the VM handler; this instance's own VM actions clear it.
const countersCache = perDatabase(() => new TtlCache<Snapshot>(5000));
export function countersOf(ctx: Pick<AppContext, 'dbh'>): TtlCache<Snapshot> {
  return countersCache(ctx.dbh);
}

/** GET /devices/inventory: typeCounters and which virtualized tabs to show (spec: inventory 3). */
export async function inventorySummary(
  ctx: AppContext,
  actor: Actor,
  filter: ScopeFilter,
): Promise<InventoryAnswer> {
  const db = ctx.dbh.db;
  const scope = await resolveScope(db, actor, filter);
  const snap = await countersOf(ctx).get(scope.key, ctx.clock.now(), async () => ({
    counts: await countTypes(db, scope),
    lastCheck: (await lastHealthCheck(db)) ?? (Number(await getMeta(db, 'fleet.now')) || null),
  }));
  const by = snap.counts.byDeviceType;
  const total = Object.values(by).reduce((n, v) => n + v, 0);
  return {
    typeCounters: {
      PROTECTED: total,
      SERVER: by.server ?? 0,
      WORKSTATION: by.workstation ?? 0,
      NAS: by.nas ?? 0,
      VIRTUALIZED: snap.counts.virtualized,
      VAULT_VIRTUALIZED: snap.counts.vaultVirtualized,
    },
    showVirtualized: snap.counts.virtualized > 0,
    showVaultVirtualized: snap.counts.vaultVirtualized > 0,
    clientHealthLastCheck: snap.lastCheck,
  };
}

/** One page of a tab: 40 rows after the cursor, with each row's allowed actions. */
export async function inventoryPage(
  ctx: AppContext,
  actor: Actor,
  type: InventoryType,
  q: ScopeFilter & { search?: string; after?: string },
): Promise<InventoryPage> {
  const db = ctx.dbh.db;
  const after = decodeCursor(q.after);
  const scope = await resolveScope(db, actor, q);
  const rows = await listSystems(db, {
    scope,
    type,
    search: q.search,
    after,
    limit: INVENTORY_PAGE_SIZE + 1,
  });
  const page = rows.slice(0, INVENTORY_PAGE_SIZE);
  const virtual = page.filter((r) => r.sva_job_status !== null);
  const virtualIds = virtual.map((r) => Number(r.id));
  const s = scoped(db, actor);
  const [pending, vaults] = await Promise.all([
    pendingVmActions(s, virtualIds),
    type === 'VAULT_VIRTUALIZED' ? vaultsOf(s, virtual) : Promise.resolve(new Map<number, number>()),
  ]);
  const last = page[page.length - 1];
  return {
    rows: page.map((r) =>
      presentRow(r, type, {
        vaultId: vaults.get(Number(r.id)) ?? null,
        pending: pending.get(Number(r.id)) ?? null,
        mayRecover: actor.rights.has('recover'),
      }),
    ),
    next:
      rows.length > INVENTORY_PAGE_SIZE && last
        ? encodeCursor({ name: last.name_lc, id: Number(last.id) })
        : null,
  };
}
