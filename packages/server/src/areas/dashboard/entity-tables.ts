import type { DashboardApplianceRow, DashboardTableAnswer, DashboardVaultRow } from '@lifeboat/contract';
import { ReuseCache } from '../../cache/reuse-cache';
import type { AppContext } from '../../context';
import { formatBytes } from './format';
import type { Owner } from './owner';
import { ownerCondition } from './owner';
import { loadRollup, worstHealth } from './rollup';
import type { TableQuery } from './table-input';
import { loadVaultSummary } from './vault-summary';

// The appliance and vault tables. An owner has tens to a few hundred appliances and a handful of
// vaults, and their health is derived from the owner's systems (the rollup), so both lists are
// built per owner, kept for 2 seconds, and filtered and paged in memory.

const appliancesCache = new ReuseCache<DashboardApplianceRow[]>(2000);

export function loadApplianceRows(ctx: AppContext, owner: Owner): Promise<DashboardApplianceRow[]> {
  return appliancesCache.get(`${owner.kind}:${owner.id}`, ctx.clock.now(), () => readAppliances(ctx, owner));
}

async function readAppliances(ctx: AppContext, owner: Owner): Promise<DashboardApplianceRow[]> {
  const rows = await ctx.dbh.db
    .selectFrom('appliances as a')
    .selectAll('a')
    .where(ownerCondition(owner, 'a'))
    .orderBy('a.name_lc')
    .orderBy('a.id')
    .execute();
  const rollup = await loadRollup(ctx.dbh.db, owner, ctx.clock.now());
  const bySystem = new Map<number, { health: string[]; ws: number; srv: number; nas: number }>();
  for (const s of rollup.systems) {
    if (s.applianceId === null) continue;
    const g = bySystem.get(s.applianceId) ?? { health: [], ws: 0, srv: 0, nas: 0 };
    g.health.push(s.health);
    if (s.deviceType === 'workstation') g.ws++;
    else if (s.deviceType === 'nas') g.nas++;
    else g.srv++;
    bySystem.set(s.applianceId, g);
  }
  return rows.map((a) => {
    const g = bySystem.get(Number(a.id));
    const seats = Number(a.license_workstations) + Number(a.license_servers) + Number(a.license_nas);
    const storageLicence = Number(a.license_storage_bytes);
    const used = g ? g.ws + g.srv + g.nas : 0;
    const isStorage = a.license_type === 'storage' || a.license_type === 'bdr_bundle';
    const percent = isStorage
      ? storageLicence > 0
        ? (Number(a.storage_used_bytes) / storageLicence) * 100
        : 0
      : seats > 0
        ? (used / seats) * 100
        : 0;
    return {
      id: Number(a.id),
      sid: a.sid,
      name: a.name,
      model_name: a.model_name,
      health_status: g ? worstHealth(g.health) : 'NODATA',
      online: Number(a.online) === 1,
      license_workstations: Number(a.license_workstations),
      license_servers: Number(a.license_servers),
      license_nas: Number(a.license_nas),
      license_storage_info: isStorage
        ? `${formatBytes(Number(a.storage_used_bytes))} of ${formatBytes(storageLicence)}`
        : `${used} of ${seats} systems`,
      license_usage_percent: Math.round(percent * 10) / 10,
      license_name: a.license_name,
      license_na: isStorage ? storageLicence === 0 : seats === 0,
      // An offline appliance cannot confirm its licence.
      license_disabled: Number(a.online) !== 1,
      is_brc_appliance: Number(a.is_brc_appliance) === 1,
      is_storage_license: a.license_type === 'storage',
      is_endpoint_license: a.license_type === 'endpoint',
      is_bdr_bundle_license: a.license_type === 'bdr_bundle',
    };
  });
}

const LICENCE_OF = (r: DashboardApplianceRow) =>
  r.is_storage_license ? 'storage' : r.is_endpoint_license ? 'endpoint' : 'bdr_bundle';

function page<T>(all: T[], q: TableQuery, emptyAll: string, emptyFiltered: string): DashboardTableAnswer<T> {
  const offset = (q.page - 1) * q.rows;
  return {
    content: all.slice(offset, offset + q.rows),
    records_count: all.length,
    empty_desc: q.search || Object.keys(q.filters).length ? emptyFiltered : emptyAll,
  };
}

export async function appliancesTable(
  ctx: AppContext,
  owner: Owner,
  q: TableQuery,
): Promise<DashboardTableAnswer<DashboardApplianceRow>> {
  const f = q.filters;
  const rows = (await loadApplianceRows(ctx, owner)).filter(
    (r) =>
      (!f.health_status || f.health_status.includes(r.health_status)) &&
      (!f.license_type || f.license_type.includes(LICENCE_OF(r))) &&
      (!q.search || r.name.toLowerCase().includes(q.search) || r.sid.toLowerCase().includes(q.search)),
  );
  return page(
    rows,
    q,
    'No appliances yet. Systems back up directly to the cloud until an appliance is registered.',
    'No appliances match these filters. Clear the search or the filters to see them all.',
  );
}

export async function vaultsTable(
  ctx: AppContext,
  owner: Owner,
  q: TableQuery,
): Promise<DashboardTableAnswer<DashboardVaultRow>> {
  const f = q.filters;
  const rows = (await loadVaultSummary(ctx, owner)).filter(
    (r) =>
      (!f.health_status || f.health_status.includes(r.health_status)) &&
      (!f.vault_type || f.vault_type.includes(r.vault_type)) &&
      (!q.search || r.name.toLowerCase().includes(q.search)),
  );
  return page(
    rows,
    q,
    'No vaults yet. A vault appears here once a system copies its restore points to it.',
    'No vaults match these filters. Clear the search or the filters to see them all.',
  );
}
