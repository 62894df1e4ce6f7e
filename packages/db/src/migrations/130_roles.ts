import type { Kysely } from 'kysely';
import { dialectOf } from '../dialect';

// Custom roles (docs/decisions.md 'Roles'): a reseller's (or the provider's) named set of rights
// that narrows what its users' level gives. A user has at most one; role_id null is the built-in
// role of the user's level. Removing a role in use is refused, so role_id never dangles.
// biome-ignore lint/suspicious/noExplicitAny: migrations run against an untyped schema
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  const t = db.schema.createTable('roles');
  await (dialectOf(db) === 'postgres'
    ? t.addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    // The organisation that owns the role: a reseller, or the provider.
    .addColumn('organisation_id', 'bigint', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    // JSON array of rights (contract rights.ts).
    .addColumn('rights', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('roles_org_name')
    .on('roles')
    .columns(['organisation_id', 'name'])
    .unique()
    .execute();
  await db.schema.alterTable('users').addColumn('role_id', 'bigint').execute();
  await db.schema.createIndex('users_role').on('users').column('role_id').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('users_role').execute();
  await db.schema.alterTable('users').dropColumn('role_id').execute();
  await db.schema.dropTable('roles').execute();
}
