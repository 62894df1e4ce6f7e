import { z } from 'zod';
import { REFRESH_RATES_MINUTES, TABLE_SEARCH_MAX } from './constants';
import { HEALTH } from './enums';
import { LIST_ROWS_MAX, type ListSort, listSortFields, type TableAnswer, tableAnswer } from './lists';

// spec: dashboard-device-azure 2.2, 3 and 7 'Dashboard'. Field names are the spec's.

/** The three entity tables of the dashboard and of a client's page. */
export const DASHBOARD_TABLES = ['protected_systems', 'appliances', 'vaults'] as const;
export type DashboardTable = (typeof DASHBOARD_TABLES)[number];

/** Whose tables: a reseller's dashboard or one client's page. */
export type DashboardOwner = 'reseller' | 'client';

/** Rows per page a table may ask for. */
export const DASHBOARD_ROWS_MAX = LIST_ROWS_MAX;

/**
 * The columns (keys of the block config's columns) each table sorts by, the default first. Only
 * orders the owner's indexes or an in-memory list serve cheaply are offered (issue 18 point 12).
 */
export const DASHBOARD_SORTS = {
  protected_systems: ['name', 'client_name', 'health_status', 'last_rp'],
  appliances: ['name', 'health_status', 'model_name', 'license_usage'],
  vaults: ['name', 'health_status', 'vault_type', 'workstations', 'servers'],
} as const satisfies Record<DashboardTable, readonly [string, ...string[]]>;
export type DashboardSortColumn<T extends DashboardTable> = (typeof DASHBOARD_SORTS)[T][number];

/** Every table starts by name, A to Z. */
export const DASHBOARD_DEFAULT_SORT: ListSort<'name'> = { column: 'name', dir: 'asc' };

/**
 * Form body of POST /{data_url}/{id}/{page}/{rows}: filters and search, each JSON text (spec 7),
 * and our sort and dir (plain fields; lists.ts listSortFields), checked against DASHBOARD_SORTS.
 */
export const dashboardTableBody = <T extends DashboardTable>(table: T) =>
  z.object({
    filters: z.string().max(4096).optional(),
    search: z
      .string()
      .max(TABLE_SEARCH_MAX + 64)
      .optional(),
    ...listSortFields(DASHBOARD_SORTS[table] as (typeof DASHBOARD_SORTS)[T]),
  });

export const refreshRateMinutes = z.coerce
  .number({ message: 'The refresh rate must be 5, 15 or 60 minutes.' })
  .refine((n) => (REFRESH_RATES_MINUTES as readonly number[]).includes(n), {
    message: 'The refresh rate must be 5, 15 or 60 minutes.',
  });

export const dashboardFilterOption = z.object({ value: z.string(), label: z.string() });
export type DashboardFilterOption = z.infer<typeof dashboardFilterOption>;

/** GET /{owner}/dashboard/filter_values/{table}/{key}/{id}: a filter's options. */
export const filterValuesAnswer = z.object({ options: z.array(dashboardFilterOption) });
export type FilterValuesAnswer = z.infer<typeof filterValuesAnswer>;

export const dashboardFilterConfig = z.object({
  key: z.string(),
  label: z.string(),
  /** GET this path (no leading slash) for the options. */
  loadValuesUrl: z.string(),
});
export type DashboardFilterConfig = z.infer<typeof dashboardFilterConfig>;

export const dashboardTableColumn = z.object({ key: z.string(), label: z.string() });
export type DashboardTableColumn = z.infer<typeof dashboardTableColumn>;

/** Entity block config (spec 3). */
export const entityBlockConfig = z.object({
  title_label: z.string(),
  count_label: z.string(),
  data_url: z.string(),
  count_url: z.string(),
  records_per_page_count: z.number().int(),
  datatable_id: z.string(),
  columns: z.array(dashboardTableColumn),
  filters: z.array(dashboardFilterConfig),
  search: z.object({ key: z.string(), placeholder: z.string() }),
  selection_mode: z.literal('single'),
});
export type EntityBlockConfig = z.infer<typeof entityBlockConfig>;

/** GET /reseller/get_dashboard_page_data/{id} and GET /client/get_dashboard_page_data/{id}. */
export const dashboardPageData = z.object({
  owner: z.enum(['reseller', 'client']),
  reseller_id: z.number().int(),
  client_id: z.number().int().nullable(),
  name: z.string(),
  /** The quick filters' values, in button order. */
  filters: z.array(z.object({ key: z.string(), label: z.string(), value: z.enum(HEALTH) })),
  protected_system: entityBlockConfig,
  appliance: entityBlockConfig,
  vault: entityBlockConfig,
  has_appliances: z.boolean(),
  refresh_period: z.number().int(),
  /** The page's key in the help site (spec 2.2: the reseller dashboard's is rmc_dashboard); null: none. */
  help_key: z.string().nullable(),
});
export type DashboardPageData = z.infer<typeof dashboardPageData>;

/** POST /{data_url}/{id}/{page}/{rows}: one page of a table (spec 3 'Table response'). */
export type DashboardTableAnswer<Row> = TableAnswer<Row>;
export const dashboardTableAnswer = tableAnswer;

/** GET /{count_url}/{id} */
export const dashboardCountAnswer = z.object({ count: z.number().int(), count_label: z.string() });
export type DashboardCountAnswer = z.infer<typeof dashboardCountAnswer>;

/** GET /reseller/get_quick_actions_data/{id} */
export const quickActionsData = z.object({
  can_recover: z.boolean(),
  can_create_client: z.boolean(),
  can_download_agent: z.boolean(),
  can_edit_policy: z.boolean(),
  is_arm64_supported: z.boolean(),
  labels: z.object({
    add_client: z.string(),
    download_agent: z.string(),
    recovery_wizard: z.string(),
    reseller_settings: z.string(),
  }),
  title: z.string(),
});
export type QuickActionsData = z.infer<typeof quickActionsData>;

export const glanceLink = z.object({
  key: z.enum([
    'clients',
    'unprotected_clients',
    'users',
    'vaults',
    'appliances',
    'devices',
    'vo_information',
  ]),
  label: z.string(),
  count: z.number().int(),
  url: z.string(),
});
export type GlanceLink = z.infer<typeof glanceLink>;

/** GET /reseller/get_organization_at_a_glance_data/{id} */
export const atAGlanceData = z.object({
  /** The provider's own organisation (spec: is_{product}). */
  is_lifeboat: z.boolean(),
  show_users: z.boolean(),
  show_cloud_storage: z.boolean(),
  cloud_storage_used_percent: z.number(),
  cloud_storage_used_text: z.string(),
  cloud_storage_dialog: z.object({ title: z.string(), text: z.string() }),
  show_vaults: z.boolean(),
  show_vo_information: z.boolean(),
  reseller_id: z.number().int(),
  links: z.array(glanceLink),
});
export type AtAGlanceData = z.infer<typeof atAGlanceData>;

/** GET /reseller/get_current_client_health/{id} */
export const clientHealthData = z.object({
  health_of_all_clients_chart_data: z.array(
    z.object({
      key: z.enum(['compliant', 'not_compliant', 'no_systems']),
      label: z.string(),
      value: z.number().int(),
    }),
  ),
  sla_compliant_percentage: z.number(),
  /** How compliance is judged, in words for the card. */
  definition: z.string(),
});
export type ClientHealthData = z.infer<typeof clientHealthData>;

/** GET /reseller/get_protected_system_health_history/{id} */
export const healthHistoryData = z.object({
  labels: z.array(z.string()),
  data: z.array(z.number().nullable()),
  step_size: z.number(),
  y_max: z.number(),
  y_min: z.number(),
});
export type HealthHistoryData = z.infer<typeof healthHistoryData>;

export const agentInstaller = z.object({
  file_name: z.string(),
  platform: z.string(),
  size_bytes: z.number().int(),
  size_text: z.string(),
  modified_at: z.number(),
  download_url: z.string(),
});
export type AgentInstaller = z.infer<typeof agentInstaller>;

/** GET /reseller/agent_installers/{id} */
export const agentInstallersData = z.object({ installers: z.array(agentInstaller), message: z.string() });
export type AgentInstallersData = z.infer<typeof agentInstallersData>;

/** POST /reseller/update_user_refresh_rate/{minutes} (the spec does not show the answer). */
export const refreshRateAnswer = z.object({ success: z.boolean(), refresh_period: z.number().int() });
export type RefreshRateAnswer = z.infer<typeof refreshRateAnswer>;

/** A protected system row (spec 3 'Protected-system row'). */
export const dashboardSystemRow = z.object({
  id: z.number().int(),
  name: z.string(),
  icon: z.enum(['server', 'workstation', 'nas']),
  agent_version: z.string(),
  is_brc: z.boolean(),
  device_type: z.string(),
  reseller_id: z.number().int(),
  client_id: z.number().int(),
  client_name: z.string(),
  health_status: z.string(),
  health_icon: z.string(),
  health_support_text: z.string(),
  pool_used_size: z.string(),
  storage_pool_icon: z.string(),
  pool_status: z.string(),
  show_pool_status: z.boolean(),
  storage_pool_support_text: z.string(),
  storage_info_desc: z.string(),
  version: z.string(),
  need_update_version: z.boolean(),
  version_icon: z.string(),
  update_available: z.boolean(),
  restore_points_in_use_count: z.number().int(),
  restore_points_in_use_text: z.string(),
  autoverify: z.object({
    available: z.boolean(),
    last_rp: z.number().nullable(),
    has_thumbnail: z.boolean(),
    icon: z.enum(['success', 'failure', 'none']),
    last_rp_text: z.string(),
    unavailable_text: z.string(),
    thumbnail_url: z.string().nullable(),
  }),
  last_rp: z.object({
    has_rp: z.boolean(),
    schedule_id: z.number().int().nullable(),
    schedule_name: z.string().nullable(),
    time_ago: z.string(),
    is_alerted: z.boolean(),
    rp_info: z.string(),
    no_jobs_text: z.string(),
  }),
  vault: z.object({
    vault_id: z.number().int().nullable(),
    vault_info: z.array(z.object({ vault_id: z.number().int(), vault_name: z.string(), type: z.string() })),
    appliance: z
      .object({ appliance_id: z.number().int(), appliance_name: z.string(), type: z.string() })
      .nullable(),
    has_extra_vaults: z.boolean(),
    max_vaults_count: z.number().int(),
    extra_vaults_text: z.string(),
  }),
});
export type DashboardSystemRow = z.infer<typeof dashboardSystemRow>;

/** An appliance row (spec 3 'Appliance row'). */
export const dashboardApplianceRow = z.object({
  id: z.number().int(),
  sid: z.string(),
  name: z.string(),
  model_name: z.string(),
  health_status: z.string(),
  online: z.boolean(),
  license_workstations: z.number().int(),
  license_servers: z.number().int(),
  license_nas: z.number().int(),
  /** Storage on the appliance against storage licensed: "1.2 TB of 4 TB" (issue 18.10). */
  license_storage_info: z.string(),
  /** Systems protected against systems licensed: "12 of 20 systems". */
  license_seats_info: z.string(),
  license_seats_percent: z.number(),
  license_storage_percent: z.number(),
  /** What license_usage_percent measures: the licence's own measure (contract licence.ts). */
  license_measured_by: z.enum(['seats', 'storage']),
  license_usage_percent: z.number(),
  license_name: z.string(),
  license_na: z.boolean(),
  license_disabled: z.boolean(),
  is_brc_appliance: z.boolean(),
  is_storage_license: z.boolean(),
  is_endpoint_license: z.boolean(),
  is_bdr_bundle_license: z.boolean(),
});
export type DashboardApplianceRow = z.infer<typeof dashboardApplianceRow>;

/** A vault row (spec 3 'Vault row'). */
export const dashboardVaultRow = z.object({
  id: z.number().int(),
  name: z.string(),
  vault_type: z.string(),
  health_status: z.string(),
  workstations: z.number().int(),
  servers: z.number().int(),
});
export type DashboardVaultRow = z.infer<typeof dashboardVaultRow>;

/** Each table's page answer. */
export const dashboardTableAnswers = {
  protected_systems: dashboardTableAnswer(dashboardSystemRow),
  appliances: dashboardTableAnswer(dashboardApplianceRow),
  vaults: dashboardTableAnswer(dashboardVaultRow),
} as const satisfies Record<DashboardTable, z.ZodType>;
