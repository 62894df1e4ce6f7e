import {
  type DashboardOwner,
  type DashboardTable,
  DEVICE_TYPES,
  type EntityBlockConfig,
  HEALTH,
  HEALTH_LABELS,
  TABLE_ROWS_DEFAULT,
  VAULT_TYPES,
} from '@lifeboat/contract';

// The three entity tables (spec: dashboard-device-azure 3 'Entity block config'): what the
// page data announces is exactly what the table calls accept.

export interface FilterDef {
  key: string;
  label: string;
  /** Fixed options; absent when the options are the owner's own rows (clients). */
  options?: { value: string; label: string }[];
  /** Only on a reseller's dashboard (a client's page has one client). */
  resellerOnly?: boolean;
}

const health: FilterDef = {
  key: 'health_status',
  label: 'Health',
  options: HEALTH.map((h) => ({ value: h, label: HEALTH_LABELS[h] })),
};

const DEVICE_LABELS: Record<string, string> = { server: 'Server', workstation: 'Workstation', nas: 'NAS' };

export const TABLE_DEFS: Record<
  DashboardTable,
  { title: string; noun: [string, string]; columns: [string, string][]; filters: FilterDef[]; search: string }
> = {
  protected_systems: {
    title: 'Protected systems',
    noun: ['protected system', 'protected systems'],
    columns: [
      ['name', 'Name'],
      ['client_name', 'Client'],
      ['health_status', 'Health'],
      ['storage_pool', 'Storage pool'],
      ['version', 'Version'],
      ['restore_points_in_use', 'Restore points in use'],
      ['autoverify', 'AutoVerify'],
      ['last_rp', 'Last restore point'],
      ['vault', 'Vault'],
    ],
    filters: [
      health,
      {
        key: 'device_type',
        label: 'Type',
        options: DEVICE_TYPES.map((d) => ({ value: d, label: DEVICE_LABELS[d] ?? d })),
      },
      { key: 'client_id', label: 'Client', resellerOnly: true },
    ],
    search: 'Search by system name',
  },
  appliances: {
    title: 'Appliances',
    noun: ['appliance', 'appliances'],
    columns: [
      ['name', 'Name'],
      ['health_status', 'Health'],
      ['model_name', 'Model'],
      ['license', 'Licence'],
      ['license_usage', 'Licence usage'],
    ],
    filters: [
      health,
      {
        key: 'license_type',
        label: 'Licence',
        options: [
          { value: 'storage', label: 'Storage' },
          { value: 'endpoint', label: 'Endpoint' },
          { value: 'bdr_bundle', label: 'BDR bundle' },
        ],
      },
    ],
    search: 'Search by name or serial',
  },
  vaults: {
    title: 'Vaults',
    noun: ['vault', 'vaults'],
    columns: [
      ['name', 'Name'],
      ['health_status', 'Health'],
      ['vault_type', 'Type'],
      ['workstations', 'Workstations'],
      ['servers', 'Servers'],
    ],
    filters: [
      health,
      {
        key: 'vault_type',
        label: 'Type',
        options: VAULT_TYPES.map((v) => ({ value: v, label: v === 'cloud' ? 'Cloud' : 'Private' })),
      },
    ],
    search: 'Search by vault name',
  },
};

export function filtersFor(table: DashboardTable, owner: DashboardOwner): FilterDef[] {
  return TABLE_DEFS[table].filters.filter((f) => owner === 'reseller' || !f.resellerOnly);
}

export const dataUrl = (owner: DashboardOwner, table: DashboardTable) => `${owner}/dashboard/${table}`;
export const countUrl = (owner: DashboardOwner, table: DashboardTable) => `${owner}/dashboard/${table}/count`;
export const valuesUrl = (owner: DashboardOwner, table: DashboardTable, key: string, id: number) =>
  `${owner}/dashboard/filter_values/${table}/${key}/${id}`;

export function blockConfig(owner: DashboardOwner, id: number, table: DashboardTable): EntityBlockConfig {
  const def = TABLE_DEFS[table];
  return {
    title_label: def.title,
    count_label: def.noun[1],
    data_url: dataUrl(owner, table),
    count_url: countUrl(owner, table),
    records_per_page_count: TABLE_ROWS_DEFAULT,
    datatable_id: `${owner}_${table}_table`,
    // A client's page needs no client column.
    columns: def.columns
      .filter(([key]) => owner === 'reseller' || key !== 'client_name')
      .map(([key, label]) => ({ key, label })),
    filters: filtersFor(table, owner).map((f) => ({
      key: f.key,
      label: f.label,
      loadValuesUrl: valuesUrl(owner, table, f.key, id),
    })),
    search: { key: 'name', placeholder: def.search },
    selection_mode: 'single',
  };
}
