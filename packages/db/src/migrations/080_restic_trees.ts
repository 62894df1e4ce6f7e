import type { Kysely } from 'kysely';

// Issue 25.5: a restic snapshot's file tree, kept in the console's database. Every restic call
// costs 0.3 to 0.6 s, so the first browse of a snapshot reads its whole tree with one `restic ls`
// and every folder after that is one indexed read here. A snapshot never changes, so nothing here
// goes stale; the rows go with the restore point when a sync finds the snapshot forgotten.
// biome-ignore lint/suspicious/noExplicitAny: migrations run against an untyped schema
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  // One row per snapshot read: its presence says the folders below are complete.
  await db.schema
    .createTable('restic_trees')
    .addColumn('restore_point_id', 'bigint', (c) => c.primaryKey())
    .addColumn('system_id', 'bigint', (c) => c.notNull())
    // JSON array of the disk images the snapshot holds: [{ path, size }].
    .addColumn('images', 'text', (c) => c.notNull())
    .addColumn('read_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('restic_trees_system').on('restic_trees').columns(['system_id']).execute();
  // One row per folder of a read snapshot (an empty folder too: a folder that is not here is none).
  await db.schema
    .createTable('restic_tree_folders')
    .addColumn('restore_point_id', 'bigint', (c) => c.notNull())
    .addColumn('system_id', 'bigint', (c) => c.notNull())
    .addColumn('folder', 'text', (c) => c.notNull())
    // JSON array of { name, type, size, modifiedAt }, folders first, then by name.
    .addColumn('entries', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('restic_tree_folders_pk', ['restore_point_id', 'folder'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('restic_tree_folders').execute();
  await db.schema.dropIndex('restic_trees_system').execute();
  await db.schema.dropTable('restic_trees').execute();
}
