import { z } from 'zod';
import { REFRESH_RATES_MINUTES, TABLE_SEARCH_MAX } from './constants';
import type { Health } from './enums';

// spec: dashboard-device-azure 2.2, 3 and 7 'Dashboard'. Field names are the spec's.

/** The three entity tables of the dashboard and of a client's page. */
export const DASHBOARD_TABLES = ['protected_systems', 'appliances', 'vaults'] as const;
export type DashboardTable = (typeof DASHBOARD_TABLES)[number];

/** Whose tables: a reseller's dashboard or one client's page. */
export type DashboardOwner = 'reseller' | 'client';

/** Rows per page a table may ask for. */
export const DASHBOARD_ROWS_MAX = 100;

/** Form body of POST /{data_url}/{id}/{page}/{rows}: filters and search, each JSON text. */
export const dashboardTableBody = z
  .object({
    filters: z.string().max(4096).optional(),
    search: z
      .string()
      .max(TABLE_SEARCH_MAX + 64)
      .optional(),
  })
  .optional();

export const refreshRateMinutes = z.coerce
  .number({ message: 'The refresh rate must be 5, 15 or 60 minutes.' })
  .refine((n) => (REFRESH_RATES_MINUTES as readonly number[]).includes(n), {
    message: 'The refresh rate must be 5, 15 or 60 minutes.',
  });

export interface DashboardFilterOption {
  value: string;
  label: string;
}

export interface DashboardFilterConfig {
  key: string;
  label: string;
  /** GET this path (no leading slash) for the options. */
  loadValuesUrl: string;
}

export interface DashboardTableColumn {
  key: string;
  label: string;
}

/** Entity block config (spec 3). */
export interface EntityBlockConfig {
  title_label: string;
  count_label: string;
  data_url: string;
  count_url: string;
  records_per_page_count: number;
  datatable_id: string;
  columns: DashboardTableColumn[];
  filters: DashboardFilterConfig[];
  search: { key: string; placeholder: string };
  selection_mode: 'single';
}

/** GET /reseller/get_dashboard_page_data/{id} and GET /client/get_dashboard_page_data/{id}. */
export interface DashboardPageData {
  owner: DashboardOwner;
  reseller_id: number;
  client_id: number | null;
  name: string;
  /** The quick filters' values, in button order. */
  filters: { key: string; label: string; value: Health }[];
  protected_system: EntityBlockConfig;
  appliance: EntityBlockConfig;
  vault: EntityBlockConfig;
  has_appliances: boolean;
  refresh_period: number;
}

export interface DashboardTableAnswer<Row> {
  content: Row[];
  records_count: number;
  empty_desc: string;
}

export interface DashboardCountAnswer {
  count: number;
  count_label: string;
}

export interface QuickActionsData {
  can_recover: boolean;
  can_create_client: boolean;
  can_download_agent: boolean;
  can_edit_policy: boolean;
  is_arm64_supported: boolean;
  labels: { add_client: string; download_agent: string; recovery_wizard: string; reseller_settings: string };
  title: string;
}

export interface GlanceLink {
  key: 'clients' | 'unprotected_clients' | 'users' | 'vaults' | 'appliances' | 'devices' | 'vo_information';
  label: string;
  count: number;
  url: string;
}

export interface AtAGlanceData {
  /** The provider's own organisation (spec: is_{product}). */
  is_lifeboat: boolean;
  show_users: boolean;
  show_cloud_storage: boolean;
  cloud_storage_used_percent: number;
  cloud_storage_used_text: string;
  cloud_storage_dialog: { title: string; text: string };
  show_vaults: boolean;
  show_vo_information: boolean;
  reseller_id: number;
  links: GlanceLink[];
}

export interface ClientHealthData {
  health_of_all_clients_chart_data: {
    key: 'compliant' | 'not_compliant' | 'no_systems';
    label: string;
    value: number;
  }[];
  sla_compliant_percentage: number;
  /** How compliance is judged, in words for the card. */
  definition: string;
}

export interface HealthHistoryData {
  labels: string[];
  data: (number | null)[];
  step_size: number;
  y_max: number;
  y_min: number;
}

export interface AgentInstaller {
  file_name: string;
  platform: string;
  size_bytes: number;
  size_text: string;
  modified_at: number;
  download_url: string;
}

export interface AgentInstallersData {
  installers: AgentInstaller[];
  message: string;
}

/** A protected system row (spec 3 'Protected-system row'). */
export interface DashboardSystemRow {
  id: number;
  name: string;
  icon: 'server' | 'workstation' | 'nas';
  agent_version: string;
  is_brc: boolean;
  device_type: string;
  reseller_id: number;
  client_id: number;
  client_name: string;
  health_status: string;
  health_icon: string;
  health_support_text: string;
  pool_used_size: string;
  storage_pool_icon: string;
  pool_status: string;
  show_pool_status: boolean;
  storage_pool_support_text: string;
  storage_info_desc: string;
  version: string;
  need_update_version: boolean;
  version_icon: string;
  update_available: boolean;
  restore_points_in_use_count: number;
  restore_points_in_use_text: string;
  autoverify: {
    available: boolean;
    last_rp: number | null;
    has_thumbnail: boolean;
    icon: 'success' | 'failure' | 'none';
    last_rp_text: string;
    unavailable_text: string;
    thumbnail_url: string | null;
  };
  last_rp: {
    has_rp: boolean;
    schedule_id: number | null;
    schedule_name: string | null;
    time_ago: string;
    is_alerted: boolean;
    rp_info: string;
    no_jobs_text: string;
  };
  vault: {
    vault_id: number | null;
    vault_info: { vault_id: number; vault_name: string; type: string }[];
    appliance: { appliance_id: number; appliance_name: string; type: string } | null;
    has_extra_vaults: boolean;
    max_vaults_count: number;
    extra_vaults_text: string;
  };
}

/** An appliance row (spec 3 'Appliance row'). */
export interface DashboardApplianceRow {
  id: number;
  sid: string;
  name: string;
  model_name: string;
  health_status: string;
  online: boolean;
  license_workstations: number;
  license_servers: number;
  license_nas: number;
  license_storage_info: string;
  license_usage_percent: number;
  license_name: string;
  license_na: boolean;
  license_disabled: boolean;
  is_brc_appliance: boolean;
  is_storage_license: boolean;
  is_endpoint_license: boolean;
  is_bdr_bundle_license: boolean;
}

/** A vault row (spec 3 'Vault row'). */
export interface DashboardVaultRow {
  id: number;
  name: string;
  vault_type: string;
  health_status: string;
  workstations: number;
  servers: number;
}
