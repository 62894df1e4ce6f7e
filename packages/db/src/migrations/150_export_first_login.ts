import type { Kysely } from 'kysely';

// An FTPS export's first successful login (alerts: "an FTPS export about to expire while still
// unused"): the console's own FTPS server records it, and the alerts evaluation asks for the ready
// exports that expire soon with none (index ftps_exports_due on status and expires_at).
// biome-ignore lint/suspicious/noExplicitAny: migrations run against an untyped schema
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('ftps_exports').addColumn('first_login_at', 'bigint').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('ftps_exports').dropColumn('first_login_at').execute();
}
