import { type Kysely, sql } from 'kysely';

// Entity tables (issue 5, part B): indexes that let every table page in the database in name
// order, within the viewer's scope, without a sort or a scan of the platform.
// biome-ignore lint/suspicious/noExplicitAny: migrations run against an untyped schema
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  // Users are listed and prefix-searched by lower-cased name (an expression index, so no column
  // to keep in step with the fleet generator) and by user name (users_username already exists).
  await db.schema.createIndex('users_name_lc').on('users').expression(sql`lower(name)`).execute();
  // The provider's staff page through every appliance by name.
  await db.schema.createIndex('appliances_name').on('appliances').columns(['name_lc']).execute();
  // Seats in use per appliance and type (licenses tab) from the index alone.
  await db.schema
    .createIndex('ps_appliance_type')
    .on('protected_systems')
    .columns(['appliance_id', 'device_type'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('ps_appliance_type').execute();
  await db.schema.dropIndex('appliances_name').execute();
  await db.schema.dropIndex('users_name_lc').execute();
}
