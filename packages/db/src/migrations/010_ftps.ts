import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import { dialectOf } from '../dialect';

// The second tool's FTPS exports (issue 13; spec: recovery-flow 4 'FTPS export',
// inventory-reports-exports-security 3 'FTPS export record'). Each export is one FTPS user of the
// console's own FTPS server, with a home folder that holds exactly that export.
// biome-ignore lint/suspicious/noExplicitAny: migrations run against an untyped schema
type Db = Kysely<any>;

const nn = (c: ColumnDefinitionBuilder) => c.notNull();
const flag = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);

export async function up(db: Db): Promise<void> {
  const d = dialectOf(db);
  const base = db.schema.createTable('ftps_exports');
  const t =
    d === 'postgres'
      ? base.addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      : base.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  await t
    // The spec's export_uuid (what get_status takes).
    .addColumn('uuid', 'text', nn)
    .addColumn('reseller_id', 'bigint', nn)
    .addColumn('client_id', 'bigint', nn)
    .addColumn('system_id', 'bigint', (c) =>
      c.notNull().references('protected_systems.id').onDelete('cascade'),
    )
    .addColumn('restore_point_id', 'bigint', nn)
    .addColumn('rp_taken_at', 'bigint', nn)
    .addColumn('type', 'text', nn)
    .addColumn('format', 'text')
    .addColumn('export_type', 'text')
    .addColumn('paths', 'text', nn)
    .addColumn('name', 'text', nn)
    .addColumn('status', 'text', nn)
    .addColumn('operation_id', 'bigint')
    .addColumn('login', 'text', nn)
    .addColumn('password_enc', 'text', nn)
    .addColumn('password_protected', 'integer', flag)
    .addColumn('rp_in_use', 'integer', flag)
    .addColumn('error', 'text')
    .addColumn('size_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('expiration_days', 'integer', nn)
    .addColumn('user_id', 'bigint')
    .addColumn('created_at', 'bigint', nn)
    .addColumn('ready_at', 'bigint')
    .addColumn('expires_at', 'bigint')
    .addColumn('ended_at', 'bigint')
    .execute();
  await db.schema.createIndex('ftps_exports_uuid').on('ftps_exports').column('uuid').unique().execute();
  await db.schema.createIndex('ftps_exports_login').on('ftps_exports').column('login').unique().execute();
  await db.schema
    .createIndex('ftps_exports_tenant')
    .on('ftps_exports')
    .columns(['reseller_id', 'client_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('ftps_exports_due')
    .on('ftps_exports')
    .columns(['status', 'expires_at'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('ftps_exports').execute();
}
