import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';
import { type DialectName, dialectOf } from '../dialect';

// The recovery area (issue 6): file mounts of the browse step, download sessions (the "cloud
// shares" of the activity panels) and CIFS shares exposed from appliance restore points.
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
  // The common columns of a recovery started on one restore point of one system.
  const recovery = (t: T): T =>
    t
      .addColumn('reseller_id', 'bigint', nn)
      .addColumn('client_id', 'bigint', nn)
      .addColumn('system_id', 'bigint', (c) =>
        c.notNull().references('protected_systems.id').onDelete('cascade'),
      )
      .addColumn('appliance_id', 'bigint')
      .addColumn('job_id', 'bigint', nn)
      .addColumn('restore_point_id', 'bigint', nn)
      .addColumn('rp_taken_at', 'bigint', nn)
      .addColumn('drive', 'text')
      .addColumn('user_id', 'bigint')
      .addColumn('created_at', 'bigint', nn);

  await recovery(table('file_mounts'))
    .addColumn('token', 'text', nn)
    .addColumn('location', 'text', nn)
    .addColumn('completed_at', 'bigint')
    .execute();
  await index('file_mounts_token', 'file_mounts', ['token'], true);

  await recovery(table('download_sessions'))
    .addColumn('token', 'text', nn)
    .addColumn('location', 'text', nn)
    .addColumn('paths', 'text', nn)
    .addColumn('name', 'text', nn)
    .addColumn('download_type', 'integer', nn)
    .addColumn('files_count', 'integer', nn)
    .addColumn('folders_count', 'integer', nn)
    .addColumn('expires_at', 'bigint', nn)
    .addColumn('status', 'text', nn)
    .addColumn('suppressed', 'integer', flag)
    .addColumn('ended_at', 'bigint')
    .execute();
  await index('download_sessions_token', 'download_sessions', ['token'], true);
  await index('download_sessions_reseller', 'download_sessions', ['reseller_id', 'status', 'expires_at']);
  await index('download_sessions_client', 'download_sessions', ['client_id', 'status', 'expires_at']);

  await recovery(table('cifs_shares'))
    .addColumn('format', 'text')
    .addColumn('status', 'text', nn)
    .addColumn('share_path', 'text', nn)
    .addColumn('mac_share_path', 'text', nn)
    .addColumn('error', 'text')
    .addColumn('ttl_seconds', 'integer', nn)
    .addColumn('active_at', 'bigint')
    .addColumn('expires_at', 'bigint')
    .addColumn('ended_at', 'bigint')
    .execute();
  await index('cifs_shares_reseller', 'cifs_shares', ['reseller_id', 'status', 'expires_at']);
  await index('cifs_shares_client', 'cifs_shares', ['client_id', 'status', 'expires_at']);
  await index('cifs_shares_system', 'cifs_shares', ['system_id', 'status']);

  // spec: recovery-flow 2 setDevice, rows in a failover test cannot be chosen. A row per system
  // while a test runs (the failover issue writes them; the simulator reads them).
  await db.schema
    .createTable('failover_test_states')
    .addColumn('system_id', 'bigint', (c) =>
      c.primaryKey().references('protected_systems.id').onDelete('cascade'),
    )
    .addColumn('state', 'text', nn)
    .addColumn('updated_at', 'bigint', nn)
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('failover_test_states').execute();
  await db.schema.dropTable('cifs_shares').execute();
  await db.schema.dropTable('download_sessions').execute();
  await db.schema.dropTable('file_mounts').execute();
}
