import type { Generated } from 'kysely';

// The database as Kysely sees it. Conventions that keep one code path on SQLite and PostgreSQL:
// - times are epoch milliseconds in BIGINT columns (pg's int8 parser is set to Number);
// - flags are INTEGER 0/1, never booleans;
// - JSON is TEXT, parsed by the repository that owns it;
// - `*_lc` columns hold a lower-cased copy for indexed prefix search.

export type Flag = 0 | 1;

export interface OrganisationTable {
  id: Generated<number>;
  /** provider > distributor > reseller > client */
  kind: 'provider' | 'distributor' | 'reseller' | 'client';
  parent_id: number | null;
  /** Nearest reseller (self for a reseller, parent for a client); null above resellers. */
  reseller_id: number | null;
  /** Nearest distributor; null for the provider. */
  distributor_id: number | null;
  name: string;
  name_lc: string;
  /** The provider's own organisation (spec: the is_{product} flag). */
  is_provider: Generated<Flag>;
  has_brc: Generated<Flag>;
  has_x360recover: Generated<Flag>;
  azure_restore_enabled: Generated<Flag>;
  can_recover: Generated<Flag>;
  can_create_client: Generated<Flag>;
  can_download_agent: Generated<Flag>;
  can_edit_policy: Generated<Flag>;
  show_vo_information: Generated<Flag>;
  /** A reseller requires MFA of all its users and its clients' users (010). */
  require_mfa: Generated<Flag>;
  cloud_quota_bytes: Generated<number>;
  email: string | null;
  created_at: number;
}

export interface UserTable {
  id: Generated<number>;
  organisation_id: number;
  username: string;
  name: string;
  email: string | null;
  password_hash: string;
  /** 3 distributor, 2 provider staff, 1 reseller, 0 client */
  level: number;
  disabled: Generated<Flag>;
  mfa_secret_enc: string | null;
  mfa_enabled: Generated<Flag>;
  mfa_reminder_show_time: number | null;
  mfa_reminder_active: Generated<Flag>;
  /** The time step (epoch seconds / 30) of the last accepted code: older or equal steps are refused (010). */
  mfa_last_step: number | null;
  /** JSON array of SHA-256 hashes of the unused one-time recovery codes (010). */
  mfa_recovery_codes: string | null;
  refresh_rate_minutes: Generated<number>;
  /** IANA time zone the user reads dates in; null until first stored (040). */
  time_zone: string | null;
  created_at: number;
  /** The user's custom role (migration 130); null: the built-in role of the level. */
  role_id: number | null;
}

export interface SessionTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  csrf_token: string;
  ip: string;
  user_agent: string;
  created_at: number;
  last_seen_at: number;
  absolute_expires_at: number;
}

export interface LoginAttemptTable {
  /**
   * 'pair:<address>|<name>', 'device:<device>|<name>', 'account:<name>', 'known:<address>|<name>',
   * or a guarded password's or code's key ('guard:...', 'mfa-...'): docs/sign-in-limits.md
   */
  key: string;
  /** The first failure counted (the start of the account's hour; a known address's sign-in). */
  window_start: number;
  failures: number;
  /** No attempt of this key before this time (epoch ms); 0 when it may try now. */
  retry_at: Generated<number>;
  /** Attempts counted whose password or code is still being checked. */
  pending: Generated<number>;
}

export interface ApplianceTable {
  id: Generated<number>;
  reseller_id: number;
  client_id: number;
  sid: string;
  name: string;
  name_lc: string;
  model_name: string;
  online: Generated<Flag>;
  is_brc_appliance: Generated<Flag>;
  license_type: 'storage' | 'endpoint' | 'bdr_bundle';
  license_name: string;
  license_workstations: Generated<number>;
  license_servers: Generated<number>;
  license_nas: Generated<number>;
  license_storage_bytes: Generated<number>;
  storage_used_bytes: Generated<number>;
  storage_total_bytes: Generated<number>;
  version: string;
  created_at: number;
}

/** One period an appliance was offline (021); ended_at null while it still is. */
export interface ApplianceOfflinePeriodTable {
  id: Generated<number>;
  reseller_id: number;
  client_id: number;
  appliance_id: number;
  started_at: number;
  ended_at: number | null;
  /** When the simulator's living fleet brings it back; null: not expected back. */
  planned_end_at: number | null;
}

export interface VaultTable {
  id: Generated<number>;
  /** null: a provider-run cloud vault shared by many resellers */
  reseller_id: number | null;
  name: string;
  vault_type: 'cloud' | 'private';
  capacity_bytes: Generated<number>;
  used_bytes: Generated<number>;
  created_at: number;
}

export interface ProtectedSystemTable {
  id: Generated<number>;
  reseller_id: number;
  client_id: number;
  /** null: direct-to-cloud */
  appliance_id: number | null;
  name: string;
  name_lc: string;
  hostname: string;
  device_type: 'server' | 'workstation' | 'nas';
  os_type: 'WINDOWS' | 'LINUX' | 'MAC_OS_X' | 'NAS';
  os_name: string;
  /** 2 first-generation tool, 4 second-generation tool */
  service_gen: number;
  is_d2c: Generated<Flag>;
  vault_only: Generated<Flag>;
  password_protected: Generated<Flag>;
  password_hash: string | null;
  agent_version: string;
  need_update: Generated<Flag>;
  package_name: string;
  license_name: string;
  health_status: 'TROUBLED' | 'WARNED' | 'NORMAL' | 'PARKED' | 'NODATA' | 'UNPROTECTED';
  health_reason: string | null;
  health_changed_at: number;
  parked: Generated<Flag>;
  last_rp_at: number | null;
  last_job_status: string | null;
  next_backup_at: number;
  backup_interval_minutes: number;
  /** Virtualisation state on the appliance (spec: inventory 3 'Device row') */
  sva_job_status: 'Offline' | 'Running' | 'Stopped' | null;
  currently_running: Generated<Flag>;
  stoppable: Generated<Flag>;
  geo_enabled: Generated<Flag>;
  geo_inherited: Generated<Flag>;
  geo_status: string | null;
  geo_replication_progress: Generated<number>;
  geo_last_primary_rp_at: number | null;
  geo_last_redundant_rp_at: number | null;
  local_cache_enabled: Generated<Flag>;
  local_cache_status: 'SUCCESSFUL' | 'FAILED' | 'WARNED' | null;
  local_cache_last_verified_at: number | null;
  local_cache_last_success_at: number | null;
  local_cache_path: string | null;
  pool_used_bytes: Generated<number>;
  local_used_bytes: Generated<number>;
  local_total_bytes: Generated<number>;
  cloud_used_bytes: Generated<number>;
  private_vault_used_bytes: Generated<number>;
  /** Seed of everything the simulator derives for this system (file trees, screenshots). */
  seed: number;
  created_at: number;
}

export interface SystemVaultTable {
  system_id: number;
  vault_id: number;
}

export interface JobTable {
  id: Generated<number>;
  system_id: number;
  name: string;
  type: 'SERVER_ALIVE_BMR' | 'FILE';
  /** JSON array of drive letters or mount points */
  drives: string;
  enabled: Generated<Flag>;
}

export interface RestorePointTable {
  id: Generated<number>;
  system_id: number;
  job_id: number;
  taken_at: number;
  is_local: Generated<Flag>;
  is_cloud: Generated<Flag>;
  vault_id: number | null;
  scheduled: Generated<Flag>;
  in_use: Generated<Flag>;
  size_bytes: Generated<number>;
}

export interface JobHistoryTable {
  id: Generated<number>;
  system_id: number;
  job_id: number;
  kind: 'Backup' | 'Replication';
  backup_type: 'Initial' | 'Incremental' | 'Full';
  status: string;
  started_at: number;
  ended_at: number | null;
  paused_at: number | null;
  percent_complete: Generated<number>;
  size_bytes: Generated<number>;
  error_msg: string | null;
  pause_message: string | null;
}

export interface HealthHistoryTable {
  id: Generated<number>;
  system_id: number;
  started_at: number;
  health: string;
  reason: string | null;
  description: string | null;
}

/** A daily count of healthy systems per reseller, for the 7-day chart (spec: dashboard 2.2 block 4). */
export interface ResellerHealthDailyTable {
  reseller_id: number;
  /** day start, epoch ms UTC */
  day: number;
  healthy: number;
  total: number;
}

/**
 * What a group of protected systems counts (migration 009_rollups), kept by triggers on
 * protected_systems and system_vaults. A row whose `systems` fell to 0 counts as no row.
 */
export interface RollupCounts {
  systems: number;
  servers: number;
  workstations: number;
  nas: number;
  cloud_used_bytes: number;
  h_troubled: number;
  h_warned: number;
  h_normal: number;
  h_nodata: number;
  h_unprotected: number;
  h_parked: number;
}

export interface ClientRollupTable extends RollupCounts {
  client_id: number;
  reseller_id: number;
}

export interface ApplianceRollupTable extends RollupCounts {
  appliance_id: number;
}

export interface ClientVaultRollupTable extends RollupCounts {
  client_id: number;
  vault_id: number;
  reseller_id: number;
}

export interface AutoverifyResultTable {
  id: Generated<number>;
  system_id: number;
  restore_point_id: number | null;
  rp_taken_at: number;
  started_at: number;
  ended_at: number;
  status: 'success' | 'failure';
  result: string;
  heartbeat: Generated<Flag>;
  boot_check: string;
  vss_status: string;
  chkdsk_status: string;
  advanced_mode: Generated<Flag>;
  screenshot_seed: number | null;
}

/** Alert thresholds with inheritance: system > client > reseller > built-in default. */
export interface ThresholdTable {
  id: Generated<number>;
  scope_kind: 'reseller' | 'client' | 'system';
  scope_id: number;
  /** 'server' | 'workstation' | 'local_cache' */
  kind: string;
  minutes: number;
  enabled: Generated<Flag>;
}

export interface OperationTable {
  id: Generated<number>;
  kind: string;
  status: 'queued' | 'running' | 'succeeded' | 'failed';
  reseller_id: number | null;
  client_id: number | null;
  subject_type: string | null;
  subject_id: number | null;
  /** JSON */
  input: string;
  progress: Generated<number>;
  step: string | null;
  /** JSON */
  result: string | null;
  error: string | null;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  lease_owner: string | null;
  lease_expires_at: number | null;
  /** The worker that last leased it, kept after the run (migration 160). */
  ran_by: string | null;
  run_after: number;
  created_by: number | null;
  created_at: number;
  updated_at: number;
  finished_at: number | null;
  /** '<schedule key>@<slot time>' for a scheduled run (unique), else null. */
  schedule_slot: string | null;
}

/** A recurring piece of work (migration 007_schedules); each run is an operation. */
export interface ScheduleTable {
  key: string;
  kind: string;
  /** JSON */
  input: string;
  interval_ms: number;
  next_run_at: number;
  /** The run in flight: while it is queued or running, the schedule starts no other. */
  operation_id: number | null;
  last_run_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface AuditLogTable {
  id: Generated<number>;
  at: number;
  user_id: number | null;
  organisation_id: number | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  /** JSON */
  details: string | null;
  ip: string | null;
  /** The API key the call was made with (migration 110); null for a browser session. */
  api_key_id: number | null;
}

/** A user's API key (migration 110): only its hash is stored. */
export interface ApiKeyTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  /** The key's first characters, shown to tell keys apart. */
  prefix: string;
  /** SHA-256 of the whole key (base64url). */
  key_hash: string;
  /** JSON array of rights. */
  scopes: string;
  created_at: number;
  expires_at: number;
  last_used_at: number | null;
  revoked_at: number | null;
}

/** A custom role (migration 130): a named set of rights of a reseller or the provider. */
export interface RoleTable {
  id: Generated<number>;
  organisation_id: number;
  name: string;
  /** JSON array of rights. */
  rights: string;
  created_at: number;
  updated_at: number;
}

export interface MetaTable {
  key: string;
  value: string;
}

export interface Database {
  organisations: OrganisationTable;
  users: UserTable;
  sessions: SessionTable;
  login_attempts: LoginAttemptTable;
  appliances: ApplianceTable;
  vaults: VaultTable;
  protected_systems: ProtectedSystemTable;
  system_vaults: SystemVaultTable;
  jobs: JobTable;
  restore_points: RestorePointTable;
  job_history: JobHistoryTable;
  health_history: HealthHistoryTable;
  reseller_health_daily: ResellerHealthDailyTable;
  client_rollups: ClientRollupTable;
  appliance_rollups: ApplianceRollupTable;
  client_vault_rollups: ClientVaultRollupTable;
  autoverify_results: AutoverifyResultTable;
  thresholds: ThresholdTable;
  operations: OperationTable;
  schedules: ScheduleTable;
  audit_log: AuditLogTable;
  api_keys: ApiKeyTable;
  roles: RoleTable;
  meta: MetaTable;
}

// --- recovery area (migration 005_recovery) ---

/** spec: recovery-flow 2 setDevice: a system in a failover test cannot be recovered meanwhile. */
export interface FailoverTestStateTable {
  system_id: number;
  /** FAILOVER_TEST_VM_RUNNING, FAILOVER_TEST_VM_PAUSED or FAILOVER_TEST_VM_READY */
  state: string;
  updated_at: number;
}

interface RecoveryColumns {
  id: Generated<number>;
  reseller_id: number;
  client_id: number;
  system_id: number;
  /** null: a cloud (offsite) restore point */
  appliance_id: number | null;
  job_id: number;
  restore_point_id: number;
  rp_taken_at: number;
  drive: string | null;
  user_id: number | null;
  created_at: number;
}

/** A restore point opened for browsing (spec: recovery-flow 7, filemountUseId). */
export interface FileMountTable extends RecoveryColumns {
  token: string;
  location: 'cloud' | 'appliance';
  completed_at: number | null;
}

/** A download link of restored files; the cloud share panel lists them until they expire. */
export interface DownloadSessionTable extends RecoveryColumns {
  token: string;
  location: 'cloud' | 'appliance';
  /** JSON array of absolute paths */
  paths: string;
  name: string;
  download_type: number;
  files_count: number;
  folders_count: number;
  expires_at: number;
  status: 'active' | 'expired';
  suppressed: Generated<Flag>;
  ended_at: number | null;
  /** A virtual disk download (migration 120): the format its one disk image is converted to. */
  disk_format: Generated<'VHD' | 'VHDX' | 'VMDK' | null>;
  /** 'dynamic' or 'fixed' for a virtual disk download; null otherwise. */
  disk_export_type: Generated<'dynamic' | 'fixed' | null>;
}

/** A network share exposed from an appliance restore point (spec: recovery-flow 4 'Share exposure'). */
export interface CifsShareTable extends RecoveryColumns {
  format: string | null;
  /** 'dynamic' or 'fixed' for a disk export (migration 013). */
  export_type: string | null;
  status: 'exposing' | 'active' | 'failed' | 'expired' | 'suppressed';
  share_path: string;
  mac_share_path: string;
  error: string | null;
  ttl_seconds: number;
  active_at: number | null;
  expires_at: number | null;
  ended_at: number | null;
}

/** A local VM the wizard started on an appliance (migration 013; spec: recovery-flow 3 'VM config'). */
export interface LocalVmTable {
  id: Generated<number>;
  reseller_id: number;
  client_id: number;
  system_id: number;
  appliance_id: number;
  restore_point_id: number;
  rp_taken_at: number;
  memory_mb: number;
  cpus: number;
  use_vnc: Flag;
  use_current_address: Flag;
  test_ip: string | null;
  is_test: Flag;
  /** Where the started VM is reached: its address and its VNC console (041). */
  ip_address: string | null;
  vnc_address: string | null;
  /** starting -> running -> ended (stopped VMs stay 'running' until discarded), or failed. */
  status: 'starting' | 'running' | 'failed' | 'ended';
  error: string | null;
  user_id: number | null;
  created_at: number;
  started_at: number | null;
  ended_at: number | null;
}

// --- FTPS exports (migration 010_ftps) ---

/** spec: inventory-reports-exports-security 3 'FTPS export record'; recovery-flow 4 'FTPS export'. */
export interface FtpsExportTable {
  id: Generated<number>;
  /** The spec's export_uuid. */
  uuid: string;
  reseller_id: number;
  client_id: number;
  system_id: number;
  restore_point_id: number;
  rp_taken_at: number;
  /** ffr: files and folders; disk: one disk image */
  type: 'ffr' | 'disk';
  format: 'VMDK' | 'VHD' | 'VHDX' | null;
  export_type: string | null;
  /** JSON array of the exported folders and files (ffr) */
  paths: string;
  name: string;
  status: 'running' | 'ready' | 'failed' | 'discarding' | 'discarded' | 'expired';
  operation_id: number | null;
  /** The FTPS user of this export. */
  login: string;
  /** The FTPS password, encrypted with the console's secret key (shown again by ftps_credentials). */
  password_enc: string;
  password_protected: Generated<Flag>;
  rp_in_use: Generated<Flag>;
  error: string | null;
  size_bytes: Generated<number>;
  expiration_days: number;
  user_id: number | null;
  created_at: number;
  ready_at: number | null;
  expires_at: number | null;
  ended_at: number | null;
  /** The first successful FTPS login (150); null while nobody has used the export. */
  first_login_at: Generated<number | null>;
}

// --- Azure direct restore (migration 014_azure) ---

/** One Azure wizard session per user (spec: dashboard-device-azure 3 'Wizard state'). */
export interface AzureSessionTable {
  user_id: number;
  reseller_id: number;
  /** 0 until a reseller user picks a client. */
  client_id: number;
  device_id: number | null;
  restore_point_id: number | null;
  /** The port's name for this sign-in; new on every reset. */
  session_key: string;
  /** The port's device codes (JSON), sealed with the console's secret key. */
  manager_code_enc: string | null;
  storage_code_enc: string | null;
  manager_granted: Generated<Flag>;
  storage_granted: Generated<Flag>;
  azure_user: string | null;
  subscription_id: string | null;
  subscription_name: string | null;
  resource_group_name: string | null;
  storage_account_name: string | null;
  storage_account_region: string | null;
  updated_at: number;
}

/** spec: recovery-flow 3 'Azure job'. */
export interface AzureJobTable {
  id: Generated<number>;
  reseller_id: number;
  client_id: number;
  system_id: number;
  restore_point_id: number;
  rp_taken_at: number;
  system_name: string;
  azure_user: string;
  subscription_id: string;
  subscription_name: string;
  resource_group_name: string;
  storage_account_name: string;
  storage_account_region: string;
  status: 'running' | 'completed' | 'failed' | 'cancelled';
  percent: Generated<number>;
  step: string | null;
  operation_id: number | null;
  /** JSON array of the restored disks' blob URLs. */
  disk_urls: Generated<string>;
  error: string | null;
  user_id: number | null;
  created_at: number;
  finished_at: number | null;
  dismissed_at: number | null;
}

/** The simulated Microsoft's device codes (migration 030): shared by every instance. */
export interface SimAzureDeviceCodeTable {
  user_code: string;
  session_key: string;
  scope: 'manager' | 'storage';
  expires_at: number;
  /** The account that consented; the code is spent. */
  granted_to: string | null;
}

export interface Database {
  azure_sessions: AzureSessionTable;
  azure_jobs: AzureJobTable;
  sim_azure_device_codes: SimAzureDeviceCodeTable;
}

export interface Database {
  local_vms: LocalVmTable;
  ftps_exports: FtpsExportTable;
  file_mounts: FileMountTable;
  download_sessions: DownloadSessionTable;
  cifs_shares: CifsShareTable;
  failover_test_states: FailoverTestStateTable;
}

// --- reports area (migration 011_reports) ---

/** A generated executive summary report (spec: inventory-reports-exports-security 3, 4). */
export interface ReportTable {
  id: Generated<number>;
  reseller_id: number;
  client_id: number;
  /** The schedule that produced it; null for a one-off report. */
  definition_id: number | null;
  /** The `reports.generate` or `reports.deliver` operation that renders it. */
  operation_id: number | null;
  from_date: string;
  to_date: string;
  level: 'summary' | 'detailed';
  bandwidth_estimate: number;
  summary_overview: string | null;
  suggested_actions: string | null;
  cancelled: Generated<Flag>;
  /** The PDF, base64; null until rendered. */
  pdf: string | null;
  pdf_bytes: Generated<number>;
  /** JSON list of the addresses it was e-mailed to. */
  sent_to: string | null;
  created_by: number | null;
  created_at: number;
  /** History retention: the row goes after this instant (LIFEBOAT_REPORT_HISTORY_DAYS, config reportHistoryDays). */
  expires_at: number;
}

/** A scheduled report (spec 3 'Schedule definition'); its next run is a row in `schedules`. */
export interface ReportDefinitionTable {
  id: Generated<number>;
  reseller_id: number;
  client_id: number;
  name: string;
  delivery_type: string;
  /** JSON list of addresses. */
  email_address: string;
  active: Flag;
  type: 'weekly' | 'monthly' | 'quarterly';
  /** JSON: level, client_id, bandwidth_estimate, summary_overview, suggested_actions. */
  report_params: string;
  created_by: number | null;
  created_at: number;
  updated_at: number;
}

export interface Database {
  reports: ReportTable;
  report_definitions: ReportDefinitionTable;
}

// --- virtual office network and appliance update schedules (migration 016_office_settings) ---

/** A client's site-to-site VPN (IPsec) site (issue 17.5). */
export interface IpsecSiteTable {
  id: Generated<number>;
  reseller_id: number;
  client_id: number;
  name: string;
  /** The client firewall's public address, which the virtual office connects to. */
  public_ip: string;
  /** The firewall's own address on its outside interface (its IKE identity; differs behind NAT). */
  remote_ip: string;
  remote_name: string;
  /** JSON list of the networks behind the firewall (CIDR). */
  remote_subnets: string;
  /** The pre-shared key, sealed (AES-256-GCM under the console's secret key). */
  psk_sealed: string;
  created_at: number;
  updated_at: number;
}

/** A client's runbook settings for its virtual office (JSON, contract runbookSettings). */
export interface OfficeRunbookSettingsTable {
  client_id: number;
  reseller_id: number;
  settings: string;
  updated_at: number;
}

/** A reseller's weekly window for appliance updates (issue 17.6). */
export interface UpdateScheduleTable {
  id: Generated<number>;
  /** The reseller that owns it. */
  organisation_id: number;
  name: string;
  /** mon..sun */
  day: string;
  /** HH:MM */
  start: string;
  hours: number;
  created_at: number;
  updated_at: number;
}

/** An appliance in an update schedule (at most one each); tenant columns of the appliance. */
export interface UpdateScheduleApplianceTable {
  appliance_id: number;
  schedule_id: number;
  reseller_id: number;
  client_id: number;
  added_at: number;
}

export interface Database {
  ipsec_sites: IpsecSiteTable;
  office_runbook_settings: OfficeRunbookSettingsTable;
  update_schedules: UpdateScheduleTable;
  update_schedule_appliances: UpdateScheduleApplianceTable;
  appliance_offline_periods: ApplianceOfflinePeriodTable;
}

// --- the cloud virtual office (migration 015_failover; issue 16) ---

export interface OrganisationTable {
  /** A reseller's production failovers need a second person's approval: opt-in, 0 by default (migration 045). */
  failover_approval: Generated<Flag>;
}

/** A saved plan of a client's virtual office (spec: recovery-flow 3 'Runbook'). */
export interface RunbookTable {
  id: Generated<number>;
  reseller_id: number;
  client_id: number;
  name: string;
  vo_type: 'cloud' | 'appliance';
  appliance_id: number | null;
  gateway: string;
  netmask: string;
  /** scrypt hash; null when the runbook has no password. */
  password_hash: string | null;
  created_by: number | null;
  created_at: number;
  updated_at: number;
}

/** A system a runbook starts, in group and position order. */
export interface RunbookSystemTable {
  id: Generated<number>;
  runbook_id: number;
  reseller_id: number;
  client_id: number;
  system_id: number;
  group_no: number;
  position: number;
  delay_seconds: number;
  /** '' for an address from the office's DHCP. */
  ip_address: string;
}

/** A virtual office (spec: recovery-flow 4 'Failover'): the row failover_id names. */
export interface FailoverTable {
  id: Generated<number>;
  reseller_id: number;
  client_id: number;
  appliance_id: number | null;
  vo_type: 'cloud' | 'appliance';
  type: 'test' | 'production';
  /** FAILOVER_PHASES of the contract. */
  phase: 'awaiting_approval' | 'new' | 'started' | 'finished' | 'failed' | 'refused' | 'expired';
  runbook_id: number | null;
  runbook_name: string | null;
  gateway: string;
  netmask: string;
  dns_server: string | null;
  /** JSON list of FAILOVER_SERVICES. */
  services: Generated<string>;
  reason: string | null;
  stop_after_minutes: number | null;
  /** Auto-stop instant, set when the office starts; null for none. */
  stop_at: number | null;
  office_address: string | null;
  message: string | null;
  percent: Generated<number>;
  step: string | null;
  operation_id: number | null;
  requested_by: number | null;
  requested_by_name: string;
  approval_expires_at: number | null;
  decided_by: number | null;
  decided_by_name: string | null;
  created_at: number;
  started_at: number | null;
  ended_at: number | null;
}

/** A system of a virtual office: its boot order, state and address. */
export interface FailoverSystemTable {
  id: Generated<number>;
  failover_id: number;
  reseller_id: number;
  client_id: number;
  system_id: number;
  name: string;
  os_type: string;
  restore_point_id: number | null;
  group_no: number;
  position: number;
  delay_seconds: Generated<number>;
  requested_ip: string | null;
  ip_address: string | null;
  state: 'queued' | 'booting' | 'running' | 'stopped' | 'failed';
  started_at: number | null;
}

export interface Database {
  runbooks: RunbookTable;
  runbook_systems: RunbookSystemTable;
  failovers: FailoverTable;
  failover_systems: FailoverSystemTable;
}

// --- backup sources (migration 065_backup_sources; issue 25) ---

/** A client's backup repository, read by the sync port (restic, or a simulated one). */
export interface BackupSourceTable {
  id: Generated<number>;
  reseller_id: number;
  client_id: number;
  kind: 'simulated' | 'restic';
  name: string;
  /** Where the repository is (a checked folder, or a rest:/s3:/sftp: location). */
  location: string;
  /** The password and the remote's variables (JSON), sealed with the console's secret key. */
  secret_sealed: string;
  paused: Generated<Flag>;
  sync_interval_minutes: Generated<number>;
  last_sync_at: number | null;
  last_sync_outcome: 'ok' | 'failed' | null;
  /** What the last sync found or what went wrong, in a sentence. */
  last_sync_sentence: string | null;
  created_at: number;
  updated_at: number;
}

export interface ProtectedSystemTable {
  /** The backup source it is read from; null: the built-in simulator's living fleet. */
  source_id: Generated<number | null>;
}

export interface RestorePointTable {
  /** The source's name for it (a restic snapshot id); null for the simulator's. */
  external_id: Generated<string | null>;
}

export interface JobHistoryTable {
  /** The snapshot the job made; null for the simulator's jobs and for failed syncs. */
  external_id: Generated<string | null>;
}

export interface Database {
  backup_sources: BackupSourceTable;
  restic_trees: ResticTreeTable;
  restic_tree_folders: ResticTreeFolderTable;
}

// --- restic snapshot trees (migration 080_restic_trees; issue 25.5) ---

/** A restic snapshot whose tree the console has read (one row: its folders are all below). */
export interface ResticTreeTable {
  restore_point_id: number;
  system_id: number;
  /** JSON array of the disk images it holds: [{ path, size }]. */
  images: string;
  read_at: number;
}

/** One folder of a read restic snapshot. */
export interface ResticTreeFolderTable {
  restore_point_id: number;
  system_id: number;
  /** The folder's path in the snapshot, "/" for its root. */
  folder: string;
  /** JSON array of { name, type, size, modifiedAt }, folders first, then by name. */
  entries: string;
}

// --- repository checks (migration 085_repository_checks) ---

export interface AutoverifyResultTable {
  /** What ran: 'boot' (the first tool's AutoVerify) or 'repository_check' (a source's check). */
  kind: Generated<'boot' | 'repository_check'>;
}

export interface BackupSourceTable {
  /** The share of the repository's data each check reads back, in percent (0: structure only). */
  check_percent: Generated<number>;
  check_interval_hours: Generated<number>;
  last_check_at: number | null;
  last_check_outcome: 'ok' | 'failed' | null;
  /** What the last check found, in a sentence. */
  last_check_sentence: string | null;
}

// --- alerts area (migration 070_alerts) ---

/** One alert per condition per subject (issue 27.2): open while resolved_at is null. */
export interface AlertTable {
  id: Generated<number>;
  reseller_id: number;
  client_id: number;
  /** ALERT_CONDITIONS */
  condition: string;
  /** ALERT_SUBJECT_TYPES */
  subject_type: 'system' | 'appliance' | 'reseller' | 'vault' | 'failover' | 'ftps_export';
  subject_id: number;
  subject_name: string;
  /** ALERT_SEVERITIES */
  severity: string;
  summary: string;
  opened_at: number;
  last_seen_at: number;
  /** Evaluations that saw the condition since the alert opened. */
  count: Generated<number>;
  resolved_at: number | null;
  /** Migration 090: who acknowledged the alert and when (null: nobody yet). */
  acknowledged_at: Generated<number | null>;
  acknowledged_by: Generated<number | null>;
  acknowledged_by_name: Generated<string | null>;
  /** Migration 145: when the alert last told its recipients (opened, reopened, reminded). */
  told_at: Generated<number | null>;
}

/** An alert's timeline: opened, reopened, resolved. */
export interface AlertEventTable {
  id: Generated<number>;
  alert_id: number;
  reseller_id: number;
  client_id: number;
  at: number;
  kind: 'opened' | 'reopened' | 'resolved' | 'acknowledged' | 'reminded';
  detail: string | null;
  /** Migration 090: the user who made the event (an acknowledgement); null for the evaluation. */
  by_name: Generated<string | null>;
}

/** An alert rule (migration 071): a reseller's default (client_id 0) or a client's own. */
export interface AlertRuleTable {
  id: Generated<number>;
  reseller_id: number;
  /** 0: the reseller's rule, the default of its clients. */
  client_id: number;
  /** The contract's alertRule as JSON. */
  rule: string;
  updated_at: number;
  updated_by: number | null;
}

/** The alert e-mail outbox (migration 072): one row per timeline event that tells someone. */
export interface AlertMailTable {
  id: Generated<number>;
  event_id: number;
  alert_id: number;
  reseller_id: number;
  client_id: number;
  /** JSON array of e-mail addresses. */
  recipients: string;
  /** held: waiting for its digest (next_attempt_at is the digest's due time). */
  status: 'queued' | 'sending' | 'sent' | 'failed' | 'held';
  attempts: Generated<number>;
  next_attempt_at: number;
  /** While sending: another delivery takes the row over after this instant (the sender died). */
  claimed_until: number | null;
  sent_at: number | null;
  error: string | null;
  /** Migration 140: the digest a held row goes into (hashed key), its period and time zone. */
  digest_key: Generated<string | null>;
  digest_period: Generated<string | null>;
  time_zone: Generated<string | null>;
  /** The digest that gathered it (null: sent alone, or not gathered yet). */
  digest_id: Generated<number | null>;
}

/** One digest e-mail (migration 140): the held alert_mails rows of one key, sent as one message. */
export interface AlertDigestTable {
  id: Generated<number>;
  digest_key: string;
  reseller_id: number;
  /** The one client its messages are about, or 0 for several. */
  client_id: number;
  /** 'hourly' | 'daily' | 'quiet' */
  period: string;
  due_at: number;
  time_zone: string;
  /** JSON array of e-mail addresses. */
  recipients: string;
  status: 'queued' | 'sending' | 'sent' | 'failed';
  attempts: Generated<number>;
  next_attempt_at: number;
  claimed_until: number | null;
  sent_at: number | null;
  error: string | null;
  created_at: number;
}

/**
 * A reseller's open alerts (migration 190), kept by triggers on alerts in the transaction of each
 * opening, resolving and reopening: the fleet home's ranking reads one row per reseller.
 */
export interface ResellerAlertRollupTable {
  reseller_id: number;
  open_alerts: number;
  critical_alerts: number;
}

export interface Database {
  alert_digests: AlertDigestTable;
  alerts: AlertTable;
  reseller_alert_rollups: ResellerAlertRollupTable;
  alert_events: AlertEventTable;
  alert_rules: AlertRuleTable;
  alert_mails: AlertMailTable;
  alert_snoozes: AlertSnoozeTable;
}

/**
 * A snooze or maintenance window (migration 090): while starts_at <= now < ends_at, the
 * transitions of its target's alerts are recorded and nobody is told.
 */
export interface AlertSnoozeTable {
  id: Generated<number>;
  reseller_id: number;
  /** 0 for a snooze of the whole reseller. */
  client_id: number;
  target_type: 'reseller' | 'client' | 'system' | 'appliance';
  target_id: number;
  target_name: string;
  kind: 'snooze' | 'maintenance';
  starts_at: number;
  ends_at: number;
  reason: string;
  created_by: number | null;
  created_by_name: string;
  created_at: number;
}

// --- webhooks (migration 095_webhooks) ---

/** A reseller's webhook endpoint (issue 27.4); the secret is sealed with the console's key. */
export interface WebhookEndpointTable {
  id: Generated<number>;
  reseller_id: number;
  /** 0: the reseller's own. */
  client_id: Generated<number>;
  /** The ticketing adapter that delivers to it: 'webhook'. */
  kind: string;
  name: string;
  url: string;
  secret_sealed: string;
  enabled: Generated<number>;
  created_at: number;
  created_by: number | null;
  secret_rotated_at: number;
}

/** One alert transition (or a test) to one endpoint: queued, posted, retried, logged. */
export interface WebhookDeliveryTable {
  id: Generated<number>;
  endpoint_id: number;
  /** The Lifeboat-Delivery header: the same on every retry and redelivery. */
  delivery_uid: string;
  reseller_id: number;
  client_id: number;
  event_id: number | null;
  alert_id: number | null;
  /** 'alert.opened' | 'alert.reopened' | 'alert.resolved' | 'test' */
  event_type: string;
  status: 'queued' | 'sending' | 'delivered' | 'failed';
  attempts: Generated<number>;
  created_at: number;
  next_attempt_at: number;
  /** Retries stop after this. */
  retry_until: number;
  /** While sending: another delivery takes the row over after this instant (the sender died). */
  claimed_until: number | null;
  delivered_at: number | null;
  last_attempt_at: number | null;
  response_code: number | null;
  latency_ms: number | null;
  error: string | null;
}

export interface Database {
  webhook_endpoints: WebhookEndpointTable;
  webhook_deliveries: WebhookDeliveryTable;
}
