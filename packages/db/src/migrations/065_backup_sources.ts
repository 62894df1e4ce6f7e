import type { Kysely } from 'kysely';
import { dialectOf } from '../dialect';

// Issue 25.1: backup sources. A source is a client's backup repository (restic, or a simulated one)
// that the console reads with its sync port. Systems, restore points and job rows it wrote carry the
// source (protected_systems.source_id) or the snapshot they stand for (external_id), so a second
// sync recognises them and adds nothing twice. Systems of the built-in simulator have no source.
// biome-ignore lint/suspicious/noExplicitAny: migrations run against an untyped schema
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  const t = db.schema.createTable('backup_sources');
  await (dialectOf(db) === 'postgres'
    ? t.addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('reseller_id', 'bigint', (c) => c.notNull())
    .addColumn('client_id', 'bigint', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('location', 'text', (c) => c.notNull())
    // The password and the remote's variables (JSON), sealed with the console's secret key.
    .addColumn('secret_sealed', 'text', (c) => c.notNull())
    .addColumn('paused', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sync_interval_minutes', 'integer', (c) => c.notNull().defaultTo(15))
    .addColumn('last_sync_at', 'bigint')
    // 'ok' or 'failed'; null before the first sync.
    .addColumn('last_sync_outcome', 'text')
    .addColumn('last_sync_sentence', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('backup_sources_client').on('backup_sources').columns(['client_id']).execute();

  await db.schema.alterTable('protected_systems').addColumn('source_id', 'bigint').execute();
  await db.schema
    .createIndex('protected_systems_source')
    .on('protected_systems')
    .columns(['source_id', 'hostname'])
    .unique()
    .execute();
  for (const table of ['restore_points', 'job_history']) {
    await db.schema.alterTable(table).addColumn('external_id', 'text').execute();
    // One row per snapshot of a system (rows of the simulator have none, and nulls never clash).
    await db.schema
      .createIndex(`${table}_external`)
      .on(table)
      .columns(['system_id', 'external_id'])
      .unique()
      .execute();
  }
}

export async function down(db: Db): Promise<void> {
  for (const table of ['restore_points', 'job_history']) {
    await db.schema.dropIndex(`${table}_external`).execute();
    await db.schema.alterTable(table).dropColumn('external_id').execute();
  }
  await db.schema.dropIndex('protected_systems_source').execute();
  await db.schema.alterTable('protected_systems').dropColumn('source_id').execute();
  await db.schema.dropTable('backup_sources').execute();
}
