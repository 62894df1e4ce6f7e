import type { Kysely } from 'kysely';

// The simulated Microsoft's device codes (dashboard-device-azure 4 'Azure wizard'), kept in the
// database so every console instance on it sees a code another handed out and its consent (the
// README's scale-out): Microsoft's own state is shared the same way.
// biome-ignore lint/suspicious/noExplicitAny: migrations run against an untyped schema
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('sim_azure_device_codes')
    .addColumn('user_code', 'text', (c) => c.primaryKey())
    .addColumn('session_key', 'text', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('granted_to', 'text')
    .execute();
  await db.schema
    .createIndex('sim_azure_device_codes_expiry')
    .on('sim_azure_device_codes')
    .column('expires_at')
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('sim_azure_device_codes').execute();
}
