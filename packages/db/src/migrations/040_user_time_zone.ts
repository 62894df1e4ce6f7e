import type { Kysely } from 'kysely';

// Issue 24 (recovery flow, days and times): the user's time zone, an IANA name such as
// "America/Los_Angeles". Days of restore points are grouped and every date is written in it;
// null until the web app stores the browser's zone at the first session (docs/decisions.md).
// biome-ignore lint/suspicious/noExplicitAny: migrations run against an untyped schema
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('users').addColumn('time_zone', 'varchar(64)').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('users').dropColumn('time_zone').execute();
}
