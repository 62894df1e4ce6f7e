import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect';

// Issue 27 points 2 and 5, the people's part of alerts: an acknowledgement on the alert (who and
// when; its timeline event says it too), snoozes and maintenance windows of a system, an
// appliance, a client or a reseller (while one holds, transitions are recorded and nobody is
// told), and the indexes of the Alerts page and the fleet home.
// biome-ignore lint/suspicious/noExplicitAny: migrations run against an untyped schema
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('alerts').addColumn('acknowledged_at', 'bigint').execute();
  await db.schema.alterTable('alerts').addColumn('acknowledged_by', 'bigint').execute();
  await db.schema.alterTable('alerts').addColumn('acknowledged_by_name', 'text').execute();
  // The user who made a timeline event (an acknowledgement); null for the evaluation's.
  await db.schema.alterTable('alert_events').addColumn('by_name', 'text').execute();

  // The Alerts page: a reseller's or a client's alerts newest first, and a system's own.
  await db.schema
    .createIndex('alerts_reseller_opened')
    .on('alerts')
    .columns(['reseller_id', 'opened_at', 'id'])
    .execute();
  await db.schema
    .createIndex('alerts_client_opened')
    .on('alerts')
    .columns(['client_id', 'opened_at', 'id'])
    .execute();
  // The same newest first across the platform (the provider's staff, a distributor's resellers).
  await db.schema.createIndex('alerts_opened').on('alerts').columns(['opened_at', 'id']).execute();
  // The fleet home: open alerts counted per reseller, the newest critical ones across the fleet.
  await db.schema
    .createIndex('alerts_open_reseller')
    .on('alerts')
    .columns(['reseller_id', 'severity'])
    .where(sql.ref('resolved_at'), 'is', null)
    .execute();
  await db.schema
    .createIndex('alerts_open_severity')
    .on('alerts')
    .columns(['severity', 'opened_at', 'id'])
    .where(sql.ref('resolved_at'), 'is', null)
    .execute();

  const t = db.schema.createTable('alert_snoozes');
  await (dialectOf(db) === 'postgres'
    ? t.addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('reseller_id', 'bigint', (c) => c.notNull())
    // 0 for a reseller's own snooze (the whole reseller).
    .addColumn('client_id', 'bigint', (c) => c.notNull())
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'bigint', (c) => c.notNull())
    .addColumn('target_name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('starts_at', 'bigint', (c) => c.notNull())
    .addColumn('ends_at', 'bigint', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_by', 'bigint')
    .addColumn('created_by_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  // The evaluation asks, per batch of resellers, which snoozes hold now; the page lists a
  // reseller's current and coming ones.
  await db.schema
    .createIndex('alert_snoozes_reseller_end')
    .on('alert_snoozes')
    .columns(['reseller_id', 'ends_at'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('alert_snoozes').execute();
  for (const i of [
    'alerts_reseller_opened',
    'alerts_client_opened',
    'alerts_open_reseller',
    'alerts_open_severity',
  ])
    await db.schema.dropIndex(i).execute();
  await db.schema.alterTable('alert_events').dropColumn('by_name').execute();
  for (const c of ['acknowledged_at', 'acknowledged_by', 'acknowledged_by_name'])
    await db.schema.alterTable('alerts').dropColumn(c).execute();
}
