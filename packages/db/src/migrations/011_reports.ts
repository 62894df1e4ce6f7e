import type { CreateTableBuilder, Kysely } from 'kysely';
import { dialectOf } from '../dialect';

// Executive summary reports (issue 15): generated reports (their PDF and delivery) and scheduled
// report definitions. A schedule's next delivery is a row in `schedules` (key 'report:<id>').
// biome-ignore lint/suspicious/noExplicitAny: migrations run against an untyped schema
type Db = Kysely<any>;
// biome-ignore lint/suspicious/noExplicitAny: builder over a table not yet typed
type T = CreateTableBuilder<string, any>;

const withId = (db: Db, t: T): T =>
  dialectOf(db) === 'postgres'
    ? t.addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

export async function up(db: Db): Promise<void> {
  await withId(db, db.schema.createTable('report_definitions'))
    .addColumn('reseller_id', 'bigint', (c) => c.notNull())
    .addColumn('client_id', 'bigint', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('delivery_type', 'text', (c) => c.notNull())
    .addColumn('email_address', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('report_params', 'text', (c) => c.notNull())
    .addColumn('created_by', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('report_definitions_tenant')
    .on('report_definitions')
    .columns(['reseller_id', 'client_id'])
    .execute();
  await withId(db, db.schema.createTable('reports'))
    .addColumn('reseller_id', 'bigint', (c) => c.notNull())
    .addColumn('client_id', 'bigint', (c) => c.notNull())
    .addColumn('definition_id', 'bigint')
    .addColumn('operation_id', 'bigint')
    .addColumn('from_date', 'text', (c) => c.notNull())
    .addColumn('to_date', 'text', (c) => c.notNull())
    .addColumn('level', 'text', (c) => c.notNull())
    .addColumn('bandwidth_estimate', 'integer', (c) => c.notNull())
    .addColumn('summary_overview', 'text')
    .addColumn('suggested_actions', 'text')
    .addColumn('cancelled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pdf', 'text')
    .addColumn('pdf_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('sent_to', 'text')
    .addColumn('created_by', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('reports_tenant')
    .on('reports')
    .columns(['reseller_id', 'client_id', 'created_at'])
    .execute();
  await db.schema.createIndex('reports_expiry').on('reports').column('expires_at').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('reports').execute();
  await db.schema.dropTable('report_definitions').execute();
}
