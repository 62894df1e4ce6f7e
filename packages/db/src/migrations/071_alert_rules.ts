import type { Kysely } from 'kysely';
import { dialectOf } from '../dialect';

// Issue 27 point 3: a reseller's alert rule (the default of its clients, client_id 0) and its
// clients' own rules (overrides). The rule is the contract's alertRule as JSON text.
// biome-ignore lint/suspicious/noExplicitAny: migrations run against an untyped schema
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  const t = db.schema.createTable('alert_rules');
  await (dialectOf(db) === 'postgres'
    ? t.addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('reseller_id', 'bigint', (c) => c.notNull())
    .addColumn('client_id', 'bigint', (c) => c.notNull())
    .addColumn('rule', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_by', 'bigint')
    .execute();
  // One rule per reseller and client; the evaluation reads a batch's rules by this key.
  await db.schema
    .createIndex('alert_rules_owner')
    .on('alert_rules')
    .columns(['reseller_id', 'client_id'])
    .unique()
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('alert_rules').execute();
}
