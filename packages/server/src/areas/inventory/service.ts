import {
  INVENTORY_PAGE_SIZE,
  type InventoryAnswer,
  type InventoryPage,
  type InventoryType,
} from '@lifeboat/contract';
import { getMeta } from '@lifeboat/db';
import type { AppContext } from '../../context';
import type { Actor } from '../../scope';
import { CountersCache } from './counters-cache';
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

// One cache per running app (tests build many apps), shared by the routes and the VM handler.
const caches = new WeakMap<object, CountersCache<Snapshot>>();
export function countersOf(ctx: Pick<AppContext, 'dbh'>): CountersCache<Snapshot> {
  let c = caches.get(ctx.dbh);
  if (!c) {
    c = new CountersCache<Snapshot>(() => Date.now());
    caches.set(ctx.dbh, c);
  }
  return c;
}

/** GET /devices/inventory: typeCounters and which virtualized tabs to show (spec: inventory 3). */
export async function inventorySummary(
  ctx: AppContext,
  actor: Actor,
  filter: ScopeFilter,
): Promise<InventoryAnswer> {
  const db = ctx.dbh.db;
  const scope = await resolveScope(db, actor, filter);
  const snap = await countersOf(ctx).get(scope.key, async () => ({
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
  const virtual = page.filter((r) => r.sva_job_status !== null).map((r) => Number(r.id));
  const [pending, vaults] = await Promise.all([
    pendingVmActions(db, virtual),
    type === 'VAULT_VIRTUALIZED' ? vaultsOf(db, virtual) : Promise.resolve(new Map<number, number>()),
  ]);
  const last = page[page.length - 1];
  return {
    rows: page.map((r) =>
      presentRow(r, type, {
        vaultId: vaults.get(Number(r.id)) ?? null,
        pending: pending.get(Number(r.id)) ?? null,
      }),
    ),
    next:
      rows.length > INVENTORY_PAGE_SIZE && last
        ? encodeCursor({ name: last.name_lc, id: Number(last.id) })
        : null,
  };
}
