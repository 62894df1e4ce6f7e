import type { Kysely } from 'kysely';

// Guessing limits (issue 24, 7): an attempt is counted before its password or code is checked; the
// count of those still being checked lets a request held only by them wait for their outcome
// (several right passwords at once all pass) instead of being refused. The per-process counters
// of protected systems' and runbooks' passwords move to this table too.
// biome-ignore lint/suspicious/noExplicitAny: migrations run against an untyped schema
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .alterTable('login_attempts')
    .addColumn('pending', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('login_attempts').dropColumn('pending').execute();
}
