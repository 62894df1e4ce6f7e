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
  refresh_rate_minutes: Generated<number>;
  created_at: number;
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
  /** 'user:<name>' or 'ip:<address>' */
  key: string;
  window_start: number;
  failures: number;
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
  run_after: number;
  created_by: number | null;
  created_at: number;
  updated_at: number;
  finished_at: number | null;
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
  autoverify_results: AutoverifyResultTable;
  thresholds: ThresholdTable;
  operations: OperationTable;
  audit_log: AuditLogTable;
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
}

/** A network share exposed from an appliance restore point (spec: recovery-flow 4 'Share exposure'). */
export interface CifsShareTable extends RecoveryColumns {
  format: string | null;
  status: 'exposing' | 'active' | 'failed' | 'expired' | 'suppressed';
  share_path: string;
  mac_share_path: string;
  error: string | null;
  ttl_seconds: number;
  active_at: number | null;
  expires_at: number | null;
  ended_at: number | null;
}

export interface Database {
  file_mounts: FileMountTable;
  download_sessions: DownloadSessionTable;
  cifs_shares: CifsShareTable;
  failover_test_states: FailoverTestStateTable;
}
