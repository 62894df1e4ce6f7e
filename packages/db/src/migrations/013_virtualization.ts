import type { Kysely } from 'kysely';
import { dialectOf } from '../dialect';

// Virtualization on the first tool (issue 12): the local VMs the wizard starts on an appliance
// (spec: recovery-flow 3 'VM config', 4 'Local VM start') and the export type of a disk share.
// biome-ignore lint/suspicious/noExplicitAny: migrations run against an untyped schema
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  const pg = dialectOf(db) === 'postgres';
  await db.schema
    .createTable('local_vms')
    .addColumn('id', pg ? 'bigint' : 'integer', (c) =>
      pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('reseller_id', 'bigint', (c) => c.notNull())
    .addColumn('client_id', 'bigint', (c) => c.notNull())
    .addColumn('system_id', 'bigint', (c) => c.notNull())
    .addColumn('appliance_id', 'bigint', (c) => c.notNull())
    .addColumn('restore_point_id', 'bigint', (c) => c.notNull())
    .addColumn('rp_taken_at', 'bigint', (c) => c.notNull())
    .addColumn('memory_mb', 'integer', (c) => c.notNull())
    .addColumn('cpus', 'integer', (c) => c.notNull())
    .addColumn('use_vnc', 'integer', (c) => c.notNull())
    .addColumn('use_current_address', 'integer', (c) => c.notNull())
    .addColumn('test_ip', 'text')
    .addColumn('is_test', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('user_id', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('started_at', 'bigint')
    .addColumn('ended_at', 'bigint')
    .execute();
  await db.schema.createIndex('local_vms_system').on('local_vms').columns(['system_id', 'status']).execute();
  await db.schema.alterTable('cifs_shares').addColumn('export_type', 'text').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('cifs_shares').dropColumn('export_type').execute();
  await db.schema.dropTable('local_vms').execute();
}
