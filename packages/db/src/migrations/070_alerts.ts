import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect';

// Issue 27 points 1-2: alerts and their timeline. One alert per condition per subject: the
// partial unique index lets one row per (condition, subject) be open, so an evaluation that runs
// twice (a restart, two instances) can never open a second one; a resolved row stays as history
// and is reopened within the grace period.
// biome-ignore lint/suspicious/noExplicitAny: migrations run against an untyped schema
type Db = Kysely<any>;

function withId(db: Db, name: string) {
  const t = db.schema.createTable(name);
  return dialectOf(db) === 'postgres'
    ? t.addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export async function up(db: Db): Promise<void> {
  await withId(db, 'alerts')
    .addColumn('reseller_id', 'bigint', (c) => c.notNull())
    .addColumn('client_id', 'bigint', (c) => c.notNull())
    .addColumn('condition', 'text', (c) => c.notNull())
    .addColumn('subject_type', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'bigint', (c) => c.notNull())
    .addColumn('subject_name', 'text', (c) => c.notNull())
    .addColumn('severity', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('opened_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('resolved_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('alerts_one_open')
    .on('alerts')
    .columns(['condition', 'subject_type', 'subject_id'])
    .unique()
    .where(sql.ref('resolved_at'), 'is', null)
    .execute();
  // The newest alert of a subject (reopen within the grace period).
  await db.schema
    .createIndex('alerts_subject')
    .on('alerts')
    .columns(['subject_type', 'subject_id', 'condition', 'resolved_at'])
    .execute();
  // Open alerts not seen by the evaluation that just ran (they resolve).
  await db.schema
    .createIndex('alerts_open_seen')
    .on('alerts')
    .columns(['resolved_at', 'last_seen_at'])
    .execute();

  await withId(db, 'alert_events')
    .addColumn('alert_id', 'bigint', (c) => c.notNull())
    .addColumn('reseller_id', 'bigint', (c) => c.notNull())
    .addColumn('client_id', 'bigint', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('detail', 'text')
    .execute();
  await db.schema.createIndex('alert_events_alert').on('alert_events').columns(['alert_id', 'at']).execute();

  // The evaluation finds appliances still offline without reading their whole history.
  await db.schema
    .createIndex('appliance_offline_open')
    .on('appliance_offline_periods')
    .columns(['ended_at', 'id'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('appliance_offline_open').execute();
  await db.schema.dropTable('alert_events').execute();
  await db.schema.dropTable('alerts').execute();
}
