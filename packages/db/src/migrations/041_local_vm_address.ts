import type { Kysely } from 'kysely';

// Issue 24 (recovery flow): a started local VM's network address and its VNC console (host:port),
// as the appliance reports them, so the wizard and its VM list can say where to reach it.
// biome-ignore lint/suspicious/noExplicitAny: migrations run against an untyped schema
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('local_vms').addColumn('ip_address', 'varchar(64)').execute();
  await db.schema.alterTable('local_vms').addColumn('vnc_address', 'varchar(128)').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('local_vms').dropColumn('vnc_address').execute();
  await db.schema.alterTable('local_vms').dropColumn('ip_address').execute();
}
