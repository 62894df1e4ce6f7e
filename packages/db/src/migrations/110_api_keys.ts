import type { Kysely } from 'kysely';
import { dialectOf } from '../dialect';

// API keys (docs/decisions.md 'API keys'): a user's keys for scripts and PSA tools. Only the
// SHA-256 of a key is stored (the key has 256 random bits, so a plain hash is enough) with a short
// visible prefix to tell keys apart; a request's key is looked up by its hash on every request,
// so a revoked key stops at once on every instance sharing the database. The audit log names the
// key a call was made with.
// biome-ignore lint/suspicious/noExplicitAny: migrations run against an untyped schema
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  const t = db.schema.createTable('api_keys');
  await (dialectOf(db) === 'postgres'
    ? t.addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    // JSON array of rights; ["read"] for a read-only key.
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('last_used_at', 'bigint')
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('api_keys_user').on('api_keys').columns(['user_id', 'id']).execute();
  await db.schema.alterTable('audit_log').addColumn('api_key_id', 'bigint').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('audit_log').dropColumn('api_key_id').execute();
  await db.schema.dropTable('api_keys').execute();
}
