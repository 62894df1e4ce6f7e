import type { Kysely } from 'kysely';
import { dialectOf } from '../dialect';

// Issue 27 point 4: a reseller's webhook endpoints and their delivery log. An endpoint's secret is
// sealed with the console's key (never stored in clear). A delivery is queued in the transaction
// that makes an alert's transition, one per endpoint (endpoint_id + event_id is unique), and a
// delivery schedule posts it after commit; a test delivery has no event.
// biome-ignore lint/suspicious/noExplicitAny: migrations run against an untyped schema
type Db = Kysely<any>;

const idColumn = (db: Db, name: string) => {
  const t = db.schema.createTable(name);
  return dialectOf(db) === 'postgres'
    ? t.addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
};

export async function up(db: Db): Promise<void> {
  await idColumn(db, 'webhook_endpoints')
    .addColumn('reseller_id', 'bigint', (c) => c.notNull())
    // 0: the reseller's own endpoint (its clients' users never reach it).
    .addColumn('client_id', 'bigint', (c) => c.notNull().defaultTo(0))
    // Which ticketing adapter delivers to it: 'webhook' today, a PSA's name later.
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('secret_sealed', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'bigint')
    .addColumn('secret_rotated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('webhook_endpoints_owner')
    .on('webhook_endpoints')
    .columns(['reseller_id', 'client_id'])
    .execute();

  await idColumn(db, 'webhook_deliveries')
    .addColumn('endpoint_id', 'bigint', (c) => c.notNull())
    // The Lifeboat-Delivery header: the same on every retry and redelivery.
    .addColumn('delivery_uid', 'text', (c) => c.notNull())
    .addColumn('reseller_id', 'bigint', (c) => c.notNull())
    .addColumn('client_id', 'bigint', (c) => c.notNull())
    // null for a test delivery.
    .addColumn('event_id', 'bigint')
    .addColumn('alert_id', 'bigint')
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
    // Retries stop after this (at least a day after the transition, or after a redelivery).
    .addColumn('retry_until', 'bigint', (c) => c.notNull())
    .addColumn('claimed_until', 'bigint')
    .addColumn('delivered_at', 'bigint')
    .addColumn('last_attempt_at', 'bigint')
    .addColumn('response_code', 'integer')
    .addColumn('latency_ms', 'integer')
    .addColumn('error', 'text')
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_event')
    .on('webhook_deliveries')
    .columns(['endpoint_id', 'event_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_due')
    .on('webhook_deliveries')
    .columns(['status', 'next_attempt_at'])
    .execute();
  // An alert's deliveries to one endpoint go in order: a later one waits for an earlier pending one.
  await db.schema
    .createIndex('webhook_deliveries_alert')
    .on('webhook_deliveries')
    .columns(['endpoint_id', 'alert_id', 'id'])
    .execute();
  // The delivery log of an endpoint, newest first.
  await db.schema
    .createIndex('webhook_deliveries_log')
    .on('webhook_deliveries')
    .columns(['endpoint_id', 'id'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('webhook_deliveries').execute();
  await db.schema.dropTable('webhook_endpoints').execute();
}
