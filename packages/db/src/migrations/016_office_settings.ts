import type { CreateTableBuilder, Kysely } from 'kysely';
import { dialectOf } from '../dialect';

// Issue 17.5-6: a client's virtual office network (IPsec sites, runbook settings) and a
// reseller's appliance update schedules with their appliances (an appliance in at most one).
// biome-ignore lint/suspicious/noExplicitAny: migrations run against an untyped schema
type Db = Kysely<any>;
// biome-ignore lint/suspicious/noExplicitAny: builder over a table not yet typed
type T = CreateTableBuilder<string, any>;

const withId = (db: Db, t: T): T =>
  dialectOf(db) === 'postgres'
    ? t.addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

export async function up(db: Db): Promise<void> {
  await withId(db, db.schema.createTable('ipsec_sites'))
    .addColumn('reseller_id', 'bigint', (c) => c.notNull())
    .addColumn('client_id', 'bigint', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('public_ip', 'text', (c) => c.notNull())
    .addColumn('remote_ip', 'text', (c) => c.notNull())
    .addColumn('remote_name', 'text', (c) => c.notNull())
    .addColumn('remote_subnets', 'text', (c) => c.notNull())
    .addColumn('psk_sealed', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ipsec_sites_client').on('ipsec_sites').columns(['client_id', 'id']).execute();
  await db.schema
    .createTable('office_runbook_settings')
    .addColumn('client_id', 'bigint', (c) => c.primaryKey())
    .addColumn('reseller_id', 'bigint', (c) => c.notNull())
    .addColumn('settings', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await withId(db, db.schema.createTable('update_schedules'))
    .addColumn('organisation_id', 'bigint', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('start', 'text', (c) => c.notNull())
    .addColumn('hours', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('update_schedules_org')
    .on('update_schedules')
    .columns(['organisation_id', 'name'])
    .execute();
  await db.schema
    .createTable('update_schedule_appliances')
    .addColumn('appliance_id', 'bigint', (c) => c.primaryKey())
    .addColumn('schedule_id', 'bigint', (c) => c.notNull())
    .addColumn('reseller_id', 'bigint', (c) => c.notNull())
    .addColumn('client_id', 'bigint', (c) => c.notNull())
    .addColumn('added_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('update_schedule_appliances_schedule')
    .on('update_schedule_appliances')
    .column('schedule_id')
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('update_schedule_appliances').execute();
  await db.schema.dropTable('update_schedules').execute();
  await db.schema.dropTable('office_runbook_settings').execute();
  await db.schema.dropTable('ipsec_sites').execute();
}
