import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';
import { type DialectName, dialectOf } from '../dialect';

// The whole data model of the spec as of the platform issue. Later areas add migrations.
// biome-ignore lint/suspicious/noExplicitAny: migrations run against an untyped schema
type Db = Kysely<any>;
// biome-ignore lint/suspicious/noExplicitAny: builder over a table not yet typed
type T = CreateTableBuilder<string, any>;

function withId(t: T, d: DialectName): T {
  return d === 'postgres'
    ? t.addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

const nn = (c: ColumnDefinitionBuilder) => c.notNull();
const flag = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);

export async function up(db: Db): Promise<void> {
  const d = dialectOf(db);
  const table = (name: string) => withId(db.schema.createTable(name), d);
  const index = (name: string, tbl: string, cols: string[], unique = false) => {
    const b = db.schema.createIndex(name).on(tbl).columns(cols);
    return (unique ? b.unique() : b).execute();
  };

  await table('organisations')
    .addColumn('kind', 'text', nn)
    .addColumn('parent_id', 'bigint', (c) => c.references('organisations.id').onDelete('cascade'))
    .addColumn('reseller_id', 'bigint')
    .addColumn('distributor_id', 'bigint')
    .addColumn('name', 'text', nn)
    .addColumn('name_lc', 'text', nn)
    .addColumn('is_provider', 'integer', flag)
    .addColumn('has_brc', 'integer', flag)
    .addColumn('has_x360recover', 'integer', flag)
    .addColumn('azure_restore_enabled', 'integer', flag)
    .addColumn('can_recover', 'integer', flag)
    .addColumn('can_create_client', 'integer', flag)
    .addColumn('can_download_agent', 'integer', flag)
    .addColumn('can_edit_policy', 'integer', flag)
    .addColumn('show_vo_information', 'integer', flag)
    .addColumn('cloud_quota_bytes', 'bigint', flag)
    .addColumn('email', 'text')
    .addColumn('created_at', 'bigint', nn)
    .execute();
  await index('org_parent', 'organisations', ['parent_id', 'kind', 'name_lc']);
  await index('org_reseller', 'organisations', ['reseller_id', 'kind', 'name_lc']);
  await index('org_distributor', 'organisations', ['distributor_id', 'kind', 'name_lc']);
  await index('org_kind', 'organisations', ['kind', 'name_lc']);

  await table('users')
    .addColumn('organisation_id', 'bigint', (c) =>
      c.notNull().references('organisations.id').onDelete('cascade'),
    )
    .addColumn('username', 'text', nn)
    .addColumn('name', 'text', nn)
    .addColumn('email', 'text')
    .addColumn('password_hash', 'text', nn)
    .addColumn('level', 'integer', nn)
    .addColumn('disabled', 'integer', flag)
    .addColumn('mfa_secret_enc', 'text')
    .addColumn('mfa_enabled', 'integer', flag)
    .addColumn('mfa_reminder_show_time', 'bigint')
    .addColumn('mfa_reminder_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('refresh_rate_minutes', 'integer', (c) => c.notNull().defaultTo(60))
    .addColumn('created_at', 'bigint', nn)
    .execute();
  await index('users_username', 'users', ['username'], true);
  await index('users_org', 'users', ['organisation_id', 'username']);

  await table('sessions')
    .addColumn('token_hash', 'text', nn)
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('csrf_token', 'text', nn)
    .addColumn('ip', 'text', nn)
    .addColumn('user_agent', 'text', nn)
    .addColumn('created_at', 'bigint', nn)
    .addColumn('last_seen_at', 'bigint', nn)
    .addColumn('absolute_expires_at', 'bigint', nn)
    .execute();
  await index('sessions_token', 'sessions', ['token_hash'], true);
  await index('sessions_user', 'sessions', ['user_id']);

  await db.schema
    .createTable('login_attempts')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('window_start', 'bigint', nn)
    .addColumn('failures', 'integer', nn)
    .execute();

  await table('appliances')
    .addColumn('reseller_id', 'bigint', nn)
    .addColumn('client_id', 'bigint', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('sid', 'text', nn)
    .addColumn('name', 'text', nn)
    .addColumn('name_lc', 'text', nn)
    .addColumn('model_name', 'text', nn)
    .addColumn('online', 'integer', flag)
    .addColumn('is_brc_appliance', 'integer', flag)
    .addColumn('license_type', 'text', nn)
    .addColumn('license_name', 'text', nn)
    .addColumn('license_workstations', 'integer', flag)
    .addColumn('license_servers', 'integer', flag)
    .addColumn('license_nas', 'integer', flag)
    .addColumn('license_storage_bytes', 'bigint', flag)
    .addColumn('storage_used_bytes', 'bigint', flag)
    .addColumn('storage_total_bytes', 'bigint', flag)
    .addColumn('version', 'text', nn)
    .addColumn('created_at', 'bigint', nn)
    .execute();
  await index('appliances_sid', 'appliances', ['sid'], true);
  await index('appliances_reseller', 'appliances', ['reseller_id', 'name_lc']);
  await index('appliances_client', 'appliances', ['client_id', 'name_lc']);

  await table('vaults')
    .addColumn('reseller_id', 'bigint')
    .addColumn('name', 'text', nn)
    .addColumn('vault_type', 'text', nn)
    .addColumn('capacity_bytes', 'bigint', flag)
    .addColumn('used_bytes', 'bigint', flag)
    .addColumn('created_at', 'bigint', nn)
    .execute();
  await index('vaults_reseller', 'vaults', ['reseller_id']);

  await table('protected_systems')
    .addColumn('reseller_id', 'bigint', nn)
    .addColumn('client_id', 'bigint', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('appliance_id', 'bigint', (c) => c.references('appliances.id').onDelete('set null'))
    .addColumn('name', 'text', nn)
    .addColumn('name_lc', 'text', nn)
    .addColumn('hostname', 'text', nn)
    .addColumn('device_type', 'text', nn)
    .addColumn('os_type', 'text', nn)
    .addColumn('os_name', 'text', nn)
    .addColumn('service_gen', 'integer', nn)
    .addColumn('is_d2c', 'integer', flag)
    .addColumn('vault_only', 'integer', flag)
    .addColumn('password_protected', 'integer', flag)
    .addColumn('password_hash', 'text')
    .addColumn('agent_version', 'text', nn)
    .addColumn('need_update', 'integer', flag)
    .addColumn('package_name', 'text', nn)
    .addColumn('license_name', 'text', nn)
    .addColumn('health_status', 'text', nn)
    .addColumn('health_reason', 'text')
    .addColumn('health_changed_at', 'bigint', nn)
    .addColumn('parked', 'integer', flag)
    .addColumn('last_rp_at', 'bigint')
    .addColumn('last_job_status', 'text')
    .addColumn('next_backup_at', 'bigint', nn)
    .addColumn('backup_interval_minutes', 'integer', nn)
    .addColumn('sva_job_status', 'text')
    .addColumn('currently_running', 'integer', flag)
    .addColumn('stoppable', 'integer', flag)
    .addColumn('geo_enabled', 'integer', flag)
    .addColumn('geo_inherited', 'integer', flag)
    .addColumn('geo_status', 'text')
    .addColumn('geo_replication_progress', 'integer', flag)
    .addColumn('geo_last_primary_rp_at', 'bigint')
    .addColumn('geo_last_redundant_rp_at', 'bigint')
    .addColumn('local_cache_enabled', 'integer', flag)
    .addColumn('local_cache_status', 'text')
    .addColumn('local_cache_last_verified_at', 'bigint')
    .addColumn('local_cache_last_success_at', 'bigint')
    .addColumn('local_cache_path', 'text')
    .addColumn('pool_used_bytes', 'bigint', flag)
    .addColumn('local_used_bytes', 'bigint', flag)
    .addColumn('local_total_bytes', 'bigint', flag)
    .addColumn('cloud_used_bytes', 'bigint', flag)
    .addColumn('private_vault_used_bytes', 'bigint', flag)
    .addColumn('seed', 'bigint', nn)
    .addColumn('created_at', 'bigint', nn)
    .execute();
  // Dashboard and inventory lists: scope first, then filter, then the name order/prefix search.
  await index('ps_reseller_name', 'protected_systems', ['reseller_id', 'name_lc']);
  await index('ps_reseller_health', 'protected_systems', ['reseller_id', 'health_status', 'name_lc']);
  await index('ps_reseller_type', 'protected_systems', ['reseller_id', 'device_type', 'name_lc']);
  await index('ps_client_name', 'protected_systems', ['client_id', 'name_lc']);
  await index('ps_client_health', 'protected_systems', ['client_id', 'health_status', 'name_lc']);
  await index('ps_appliance', 'protected_systems', ['appliance_id']);
  await index('ps_next_backup', 'protected_systems', ['next_backup_at']);

  await db.schema
    .createTable('system_vaults')
    .addColumn('system_id', 'bigint', (c) =>
      c.notNull().references('protected_systems.id').onDelete('cascade'),
    )
    .addColumn('vault_id', 'bigint', (c) => c.notNull().references('vaults.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('system_vaults_pk', ['system_id', 'vault_id'])
    .execute();
  await index('system_vaults_vault', 'system_vaults', ['vault_id']);

  await table('jobs')
    .addColumn('system_id', 'bigint', (c) =>
      c.notNull().references('protected_systems.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', nn)
    .addColumn('type', 'text', nn)
    .addColumn('drives', 'text', nn)
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await index('jobs_system', 'jobs', ['system_id']);

  await table('restore_points')
    .addColumn('system_id', 'bigint', (c) =>
      c.notNull().references('protected_systems.id').onDelete('cascade'),
    )
    .addColumn('job_id', 'bigint', (c) => c.notNull().references('jobs.id').onDelete('cascade'))
    .addColumn('taken_at', 'bigint', nn)
    .addColumn('is_local', 'integer', flag)
    .addColumn('is_cloud', 'integer', flag)
    .addColumn('vault_id', 'bigint')
    .addColumn('scheduled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('in_use', 'integer', flag)
    .addColumn('size_bytes', 'bigint', flag)
    .execute();
  await index('rp_system_time', 'restore_points', ['system_id', 'taken_at']);
  await index('rp_job_time', 'restore_points', ['job_id', 'taken_at']);

  await table('job_history')
    .addColumn('system_id', 'bigint', nn)
    .addColumn('job_id', 'bigint', nn)
    .addColumn('kind', 'text', nn)
    .addColumn('backup_type', 'text', nn)
    .addColumn('status', 'text', nn)
    .addColumn('started_at', 'bigint', nn)
    .addColumn('ended_at', 'bigint')
    .addColumn('paused_at', 'bigint')
    .addColumn('percent_complete', 'integer', flag)
    .addColumn('size_bytes', 'bigint', flag)
    .addColumn('error_msg', 'text')
    .addColumn('pause_message', 'text')
    .execute();
  await index('jh_system_time', 'job_history', ['system_id', 'started_at']);

  await table('health_history')
    .addColumn('system_id', 'bigint', nn)
    .addColumn('started_at', 'bigint', nn)
    .addColumn('health', 'text', nn)
    .addColumn('reason', 'text')
    .addColumn('description', 'text')
    .execute();
  await index('hh_system_time', 'health_history', ['system_id', 'started_at']);

  await db.schema
    .createTable('reseller_health_daily')
    .addColumn('reseller_id', 'bigint', nn)
    .addColumn('day', 'bigint', nn)
    .addColumn('healthy', 'integer', nn)
    .addColumn('total', 'integer', nn)
    .addPrimaryKeyConstraint('reseller_health_daily_pk', ['reseller_id', 'day'])
    .execute();

  await table('autoverify_results')
    .addColumn('system_id', 'bigint', nn)
    .addColumn('restore_point_id', 'bigint')
    .addColumn('rp_taken_at', 'bigint', nn)
    .addColumn('started_at', 'bigint', nn)
    .addColumn('ended_at', 'bigint', nn)
    .addColumn('status', 'text', nn)
    .addColumn('result', 'text', nn)
    .addColumn('heartbeat', 'integer', flag)
    .addColumn('boot_check', 'text', nn)
    .addColumn('vss_status', 'text', nn)
    .addColumn('chkdsk_status', 'text', nn)
    .addColumn('advanced_mode', 'integer', flag)
    .addColumn('screenshot_seed', 'bigint')
    .execute();
  await index('av_system_time', 'autoverify_results', ['system_id', 'ended_at']);

  await table('thresholds')
    .addColumn('scope_kind', 'text', nn)
    .addColumn('scope_id', 'bigint', nn)
    .addColumn('kind', 'text', nn)
    .addColumn('minutes', 'integer', nn)
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await index('thresholds_scope', 'thresholds', ['scope_kind', 'scope_id', 'kind'], true);

  await table('operations')
    .addColumn('kind', 'text', nn)
    .addColumn('status', 'text', nn)
    .addColumn('reseller_id', 'bigint')
    .addColumn('client_id', 'bigint')
    .addColumn('subject_type', 'text')
    .addColumn('subject_id', 'bigint')
    .addColumn('input', 'text', nn)
    .addColumn('progress', 'integer', flag)
    .addColumn('step', 'text')
    .addColumn('result', 'text')
    .addColumn('error', 'text')
    .addColumn('attempts', 'integer', flag)
    .addColumn('max_attempts', 'integer', (c) => c.notNull().defaultTo(5))
    .addColumn('lease_owner', 'text')
    .addColumn('lease_expires_at', 'bigint')
    .addColumn('run_after', 'bigint', nn)
    .addColumn('created_by', 'bigint')
    .addColumn('created_at', 'bigint', nn)
    .addColumn('updated_at', 'bigint', nn)
    .addColumn('finished_at', 'bigint')
    .execute();
  await index('ops_queue', 'operations', ['status', 'run_after']);
  await index('ops_lease', 'operations', ['status', 'lease_expires_at']);
  await index('ops_subject', 'operations', ['subject_type', 'subject_id', 'kind']);

  await table('audit_log')
    .addColumn('at', 'bigint', nn)
    .addColumn('user_id', 'bigint')
    .addColumn('organisation_id', 'bigint')
    .addColumn('action', 'text', nn)
    .addColumn('target_type', 'text')
    .addColumn('target_id', 'text')
    .addColumn('details', 'text')
    .addColumn('ip', 'text')
    .execute();
  await index('audit_org_time', 'audit_log', ['organisation_id', 'at']);
  await index('audit_user_time', 'audit_log', ['user_id', 'at']);

  await db.schema
    .createTable('meta')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', nn)
    .execute();
}
