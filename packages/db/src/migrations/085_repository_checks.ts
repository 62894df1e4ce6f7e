import type { Kysely } from 'kysely';

// The repository check of a backup source (`restic check --read-data-subset`), run on
// a schedule per source, is stored where AutoVerify results are, so the device page, the
// dashboard's feed, the reports' evidence and the alerts show it with no second table; `kind`
// names what ran ('boot': the first tool's AutoVerify, 'repository_check': a source's check).
// The source keeps how much of its data each check reads back, how often it runs, and when the
// last one ran with its outcome.
// biome-ignore lint/suspicious/noExplicitAny: migrations run against an untyped schema
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .alterTable('autoverify_results')
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('boot'))
    .execute();
  await db.schema
    .alterTable('backup_sources')
    .addColumn('check_percent', 'integer', (c) => c.notNull().defaultTo(5))
    .execute();
  await db.schema
    .alterTable('backup_sources')
    .addColumn('check_interval_hours', 'integer', (c) => c.notNull().defaultTo(24))
    .execute();
  await db.schema.alterTable('backup_sources').addColumn('last_check_at', 'bigint').execute();
  await db.schema.alterTable('backup_sources').addColumn('last_check_outcome', 'text').execute();
  await db.schema.alterTable('backup_sources').addColumn('last_check_sentence', 'text').execute();
}

export async function down(db: Db): Promise<void> {
  for (const c of [
    'last_check_sentence',
    'last_check_outcome',
    'last_check_at',
    'check_interval_hours',
    'check_percent',
  ])
    await db.schema.alterTable('backup_sources').dropColumn(c).execute();
  await db.schema.alterTable('autoverify_results').dropColumn('kind').execute();
}
