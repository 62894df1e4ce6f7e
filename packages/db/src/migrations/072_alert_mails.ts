import type { Kysely } from 'kysely';
import { dialectOf } from '../dialect';

// Issue 27 point 4: the alert e-mail outbox. A row is queued in the transaction that makes an
// alert's transition (one per timeline event: event_id is unique), and a delivery schedule sends
// it after commit, so a crash neither loses a message (the row stays) nor makes a second one.
// biome-ignore lint/suspicious/noExplicitAny: migrations run against an untyped schema
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  const t = db.schema.createTable('alert_mails');
  await (dialectOf(db) === 'postgres'
    ? t.addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('event_id', 'bigint', (c) => c.notNull().unique())
    .addColumn('alert_id', 'bigint', (c) => c.notNull())
    .addColumn('reseller_id', 'bigint', (c) => c.notNull())
    .addColumn('client_id', 'bigint', (c) => c.notNull())
    // JSON array of addresses, the rule's when the transition was made.
    .addColumn('recipients', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
    .addColumn('claimed_until', 'bigint')
    .addColumn('sent_at', 'bigint')
    .addColumn('error', 'text')
    .execute();
  await db.schema
    .createIndex('alert_mails_due')
    .on('alert_mails')
    .columns(['status', 'next_attempt_at'])
    .execute();
  // Messages of one alert go out in order: a later one waits for an earlier unsent one.
  await db.schema.createIndex('alert_mails_alert').on('alert_mails').columns(['alert_id', 'id']).execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('alert_mails').execute();
}
