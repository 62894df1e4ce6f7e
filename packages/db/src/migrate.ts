import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import { dialectOf } from './dialect';

import * as m001 from './migrations/001_initial';
import * as m002 from './migrations/002_dashboard';
import * as m003 from './migrations/003_device';
import * as m004 from './migrations/004_inventory';
import * as m005 from './migrations/005_recovery';
import * as m006 from './migrations/006_entities';
import * as m007 from './migrations/007_schedules';
import * as m008 from './migrations/008_sign_in_limits';
import * as m009 from './migrations/009_rollups';
import * as m010 from './migrations/010_ftps';
import * as m011 from './migrations/011_reports';
import * as m012 from './migrations/012_mfa';
import * as m013 from './migrations/013_virtualization';
import * as m014 from './migrations/014_azure';
import * as m015 from './migrations/015_failover';
import * as m016 from './migrations/016_office_settings';
import * as m020 from './migrations/020_name_search';
import * as m021 from './migrations/021_appliance_offline';
import * as m030 from './migrations/030_sim_azure_codes';
import * as m031 from './migrations/031_attempts_in_flight';
import * as m040 from './migrations/040_user_time_zone';
import * as m041 from './migrations/041_local_vm_address';
import * as m045 from './migrations/045_failover_approval_opt_in';
import * as m065 from './migrations/065_backup_sources';
import * as m070 from './migrations/070_alerts';
import * as m071 from './migrations/071_alert_rules';
import * as m072 from './migrations/072_alert_mails';
import * as m080 from './migrations/080_restic_trees';
import * as m085 from './migrations/085_repository_checks';
import * as m090 from './migrations/090_alert_actions';
import * as m095 from './migrations/095_webhooks';
import * as m110 from './migrations/110_api_keys';
import * as m120 from './migrations/120_disk_downloads';
import * as m130 from './migrations/130_roles';
import * as m140 from './migrations/140_alert_digests';
import * as m145 from './migrations/145_alert_reminders';
import * as m150 from './migrations/150_export_first_login';
import * as m160 from './migrations/160_operation_ran_by';
import * as m190 from './migrations/190_reseller_alert_rollups';
import type { Database } from './schema';

// Migrations are listed here (not read from disk) so they work the same under tsx, vitest and
// a bundle. Add new ones at the end; never edit one that has shipped.
const migrations: Record<string, Migration> = {
  '001_initial': m001,
  '002_dashboard': m002,
  '003_device': m003,
  '004_inventory': m004,
  '005_recovery': m005,
  '006_entities': m006,
  '007_schedules': m007,
  '008_sign_in_limits': m008,
  '009_rollups': m009,
  '010_ftps': m010,
  '011_reports': m011,
  '012_mfa': m012,
  '013_virtualization': m013,
  '014_azure': m014,
  '015_failover': m015,
  '016_office_settings': m016,
  '020_name_search': m020,
  '021_appliance_offline': m021,
  '030_sim_azure_codes': m030,
  '031_attempts_in_flight': m031,
  '040_user_time_zone': m040,
  '041_local_vm_address': m041,
  '045_failover_approval_opt_in': m045,
  '065_backup_sources': m065,
  '070_alerts': m070,
  '071_alert_rules': m071,
  '072_alert_mails': m072,
  '080_restic_trees': m080,
  '085_repository_checks': m085,
  '090_alert_actions': m090,
  '095_webhooks': m095,
  '110_api_keys': m110,
  '120_disk_downloads': m120,
  '130_roles': m130,
  '140_alert_digests': m140,
  '145_alert_reminders': m145,
  '150_export_first_login': m150,
  '160_operation_ran_by': m160,
  '190_reseller_alert_rollups': m190,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Bring the schema up to date. Safe to run from several instances: Kysely takes a lock. */
export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  // On PostgreSQL keep Kysely's bookkeeping tables in the current schema: otherwise it looks for
  // them across schemas, and two schemas migrating at once (tests, tenants) race on one lock.
  let migrationTableSchema: string | undefined;
  if (dialectOf(db) === 'postgres') {
    const r = await sql<{ s: string }>`select current_schema() as s`.execute(db);
    migrationTableSchema = r.rows[0]?.s;
  }
  const migrator = new Migrator({ db, provider, migrationTableSchema });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
