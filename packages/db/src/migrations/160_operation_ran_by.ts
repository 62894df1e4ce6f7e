import type { Kysely } from 'kysely';

// The worker that last leased an operation, kept after the run (lease_owner is cleared when the
// run ends): with several processes, an operator (and the production test of the process
// supervisor) can tell which process ran each piece of work.
// biome-ignore lint/suspicious/noExplicitAny: migrations run against an untyped schema
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('operations').addColumn('ran_by', 'text').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('operations').dropColumn('ran_by').execute();
}
