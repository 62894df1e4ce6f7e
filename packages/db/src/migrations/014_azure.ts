import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import { dialectOf } from '../dialect';

// Azure direct restore (issue 14; spec: dashboard-device-azure 3 'Azure wizard entities', 4
// 'Azure wizard'; recovery-flow 3 'Azure job'). azure_sessions: one wizard session per user (its
// selections, the device codes it was given and the signed-in account); azure_jobs: the restores
// the Azure export panels show.
// biome-ignore lint/suspicious/noExplicitAny: migrations run against an untyped schema
type Db = Kysely<any>;

const nn = (c: ColumnDefinitionBuilder) => c.notNull();

export async function up(db: Db): Promise<void> {
  const d = dialectOf(db);
  await db.schema
    .createTable('azure_sessions')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('reseller_id', 'bigint', nn)
    // 0 until a reseller user picks a client.
    .addColumn('client_id', 'bigint', nn)
    .addColumn('device_id', 'bigint')
    .addColumn('restore_point_id', 'bigint')
    // The port's name for this sign-in; a new one on every reset (change account).
    .addColumn('session_key', 'text', nn)
    // JSON of the port's AzureDeviceCode, sealed with the console's secret key.
    .addColumn('manager_code_enc', 'text')
    .addColumn('storage_code_enc', 'text')
    .addColumn('manager_granted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('storage_granted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('azure_user', 'text')
    .addColumn('subscription_id', 'text')
    .addColumn('subscription_name', 'text')
    .addColumn('resource_group_name', 'text')
    .addColumn('storage_account_name', 'text')
    .addColumn('storage_account_region', 'text')
    .addColumn('updated_at', 'bigint', nn)
    .execute();

  const base = db.schema.createTable('azure_jobs');
  const t =
    d === 'postgres'
      ? base.addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      : base.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  await t
    .addColumn('reseller_id', 'bigint', nn)
    .addColumn('client_id', 'bigint', nn)
    .addColumn('system_id', 'bigint', (c) =>
      c.notNull().references('protected_systems.id').onDelete('cascade'),
    )
    .addColumn('restore_point_id', 'bigint', nn)
    .addColumn('rp_taken_at', 'bigint', nn)
    .addColumn('system_name', 'text', nn)
    .addColumn('azure_user', 'text', nn)
    .addColumn('subscription_id', 'text', nn)
    .addColumn('subscription_name', 'text', nn)
    .addColumn('resource_group_name', 'text', nn)
    .addColumn('storage_account_name', 'text', nn)
    .addColumn('storage_account_region', 'text', nn)
    .addColumn('status', 'text', nn)
    .addColumn('percent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('step', 'text')
    .addColumn('operation_id', 'bigint')
    .addColumn('disk_urls', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('error', 'text')
    .addColumn('user_id', 'bigint')
    .addColumn('created_at', 'bigint', nn)
    .addColumn('finished_at', 'bigint')
    .addColumn('dismissed_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('azure_jobs_tenant')
    .on('azure_jobs')
    .columns(['reseller_id', 'client_id', 'created_at'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('azure_jobs').execute();
  await db.schema.dropTable('azure_sessions').execute();
}
