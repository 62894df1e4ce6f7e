import {
  type DashboardApplianceRow,
  type DashboardTableAnswer,
  type DashboardVaultRow,
  HEALTH_SEVERITY,
  type ListSort,
  licenceUsage,
} from '@lifeboat/contract';
import type { AppContext } from '../../context';
import { ownedBy, scoped } from '../../scope';
import { formatBytes } from './format';
import type { Owner } from './owner';
import { APPLIANCE_ROLLUP_COLUMNS, worstOfCounts } from './rollup';
import type { TableQuery } from './table-input';
import { loadVaultSummary } from './vault-summary';

// The appliance and vault tables. An owner has tens to a few hundred appliances and a handful of
// vaults; their health and usage come from the rollups of migration 009 (per appliance, per
// (client, vault)), so each request reads the owner's rows once and filters and pages them.

export async function loadApplianceRows(ctx: AppContext, owner: Owner): Promise<DashboardApplianceRow[]> {
  const rows = await scoped(ctx.dbh.db, owner.actor)
    .within(ownedBy(owner.row, 'a'))
    .selectFrom('appliances as a')
    .leftJoin('appliance_rollups as ar', (j) =>
      j.onRef('ar.appliance_id', '=', 'a.id').on('ar.systems', '>', 0),
    )
    .selectAll('a')
    .select(APPLIANCE_ROLLUP_COLUMNS)
    .orderBy('a.name_lc')
    .orderBy('a.id')
    .execute();
  return rows.map((a) => {
    const g =
      a.systems === null
        ? undefined
        : {
            ws: Number(a.workstations),
            srv: Number(a.servers),
            nas: Number(a.nas),
            health: worstOfCounts(a),
          };
    const used = g
      ? { workstations: g.ws, servers: g.srv, nas: g.nas }
      : { workstations: 0, servers: 0, nas: 0 };
    // The one rule the licences tab uses too (contract licence.ts; issue 18.10).
    const u = licenceUsage(a, used);
    return {
      id: Number(a.id),
      sid: a.sid,
      name: a.name,
      model_name: a.model_name,
      health_status: g ? g.health : 'NODATA',
      online: Number(a.online) === 1,
      license_workstations: Number(a.license_workstations),
      license_servers: Number(a.license_servers),
      license_nas: Number(a.license_nas),
      license_storage_info: `${formatBytes(u.storage.used_bytes)} of ${formatBytes(u.storage.licensed_bytes)}`,
      license_seats_info: `${u.seats.used} of ${u.seats.licensed} systems`,
      license_seats_percent: u.seats.percent,
      license_storage_percent: u.storage.percent,
      license_measured_by: u.measured_by,
      license_usage_percent: u.percent,
      license_name: a.license_name,
      license_na: u.measured_by === 'storage' ? u.storage.licensed_bytes === 0 : u.seats.licensed === 0,
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

type SortKey<T> = (row: T) => string | number;

/** Health sorts worst first (the one severity order), not by its letters. */
const severity = (h: string) => {
  const i = (HEALTH_SEVERITY as readonly string[]).indexOf(h);
  return i < 0 ? HEALTH_SEVERITY.length : i;
};

/**
 * Sort the owner's rows in memory by a whitelisted column (the body's schema checked it; an
 * unknown one keeps the name order), then name and id so equal keys never swap between pages.
 */
function sorted<T extends { id: number; name: string }>(
  rows: T[],
  sort: ListSort,
  keys: Record<string, SortKey<T>>,
): T[] {
  const key = keys[sort.column];
  const sign = sort.dir === 'desc' ? -1 : 1;
  const cmp = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);
  return [...rows].sort(
    (a, b) =>
      (key ? sign * cmp(key(a), key(b)) : 0) ||
      sign * cmp(a.name.toLowerCase(), b.name.toLowerCase()) ||
      cmp(a.id, b.id),
  );
}

function page<T>(all: T[], q: TableQuery, emptyAll: string, emptyFiltered: string): DashboardTableAnswer<T> {
  const offset = (q.page - 1) * q.rows;
  return {
    content: all.slice(offset, offset + q.rows),
    records_count: all.length,
    // The owner's whole list is in memory: the count is exact.
    records_count_capped: false,
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
  const keys: Record<string, SortKey<DashboardApplianceRow>> = {
    health_status: (r) => severity(r.health_status),
    model_name: (r) => r.model_name.toLowerCase(),
    license_usage: (r) => r.license_usage_percent,
  };
  return page(
    sorted(rows, q.sort, keys),
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
  const keys: Record<string, SortKey<DashboardVaultRow>> = {
    health_status: (r) => severity(r.health_status),
    vault_type: (r) => r.vault_type,
    workstations: (r) => r.workstations,
    servers: (r) => r.servers,
  };
  return page(
    sorted(rows, q.sort, keys),
    q,
    'No vaults yet. A vault appears here once a system copies its restore points to it.',
    'No vaults match these filters. Clear the search or the filters to see them all.',
  );
}
