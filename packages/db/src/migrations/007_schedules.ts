import type { Kysely } from 'kysely';

// Recurring work (issue 11.5): the next run of each schedule is a row, claimed with a guarded
// update on next_run_at, so a restart or a second instance neither skips nor doubles a run
// (packages/server/src/operations/scheduler.ts).
// biome-ignore lint/suspicious/noExplicitAny: migrations run against an untyped schema
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('schedules')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('input', 'text', (c) => c.notNull())
    .addColumn('interval_ms', 'bigint', (c) => c.notNull())
    .addColumn('next_run_at', 'bigint', (c) => c.notNull())
    // The schedule's lease: while this operation is queued or running no other run starts.
    .addColumn('operation_id', 'bigint')
    .addColumn('last_run_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // A scheduled run is the operation of one slot of its schedule ('<key>@<next_run_at>'): the
  // unique slot is what makes a run start once even if its claim is interrupted and retried.
  await db.schema.alterTable('operations').addColumn('schedule_slot', 'text').execute();
  await db.schema
    .createIndex('ops_schedule_slot')
    .on('operations')
    .column('schedule_slot')
    .unique()
    .execute();
  // The expiry sweep finds what is due across every tenant.
  await db.schema
    .createIndex('cifs_shares_due')
    .on('cifs_shares')
    .columns(['status', 'expires_at'])
    .execute();
  await db.schema
    .createIndex('download_sessions_due')
    .on('download_sessions')
    .columns(['status', 'expires_at'])
    .execute();
  // The fleet's tick and download expiries were self-chaining or delayed operations; their
  // schedules replace them.
  await db
    .deleteFrom('operations')
    .where('kind', 'in', ['fleet.tick', 'recovery.download_expire'])
    .where('status', 'in', ['queued', 'running'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('ops_schedule_slot').execute();
  await db.schema.alterTable('operations').dropColumn('schedule_slot').execute();
  await db.schema.dropIndex('download_sessions_due').execute();
  await db.schema.dropIndex('cifs_shares_due').execute();
  await db.schema.dropTable('schedules').execute();
}
