import type { Kysely } from 'kysely';

// Sign-in limits per account and address (issue 18, point 3): a failure count per key with the
// time before which that key may not try again. The earlier per-account and per-address counts
// are dropped: their keys are no longer read.
// biome-ignore lint/suspicious/noExplicitAny: migrations run against an untyped schema
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.deleteFrom('login_attempts').execute();
  await db.schema
    .alterTable('login_attempts')
    .addColumn('retry_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('login_attempts').dropColumn('retry_at').execute();
}
