import type { Kysely } from 'kysely';
import { dialectOf } from '../dialect';

// Issue 27 points 3-4: alert e-mail digests. A transition whose rule gathers e-mail (hourly, daily,
// or quiet hours) is queued in alert_mails as 'held' until its digest is due (next_attempt_at),
// with the key of that digest (the reseller, the period, the due time, the time zone and the
// recipients, hashed). The digest schedule gathers the due held rows of one key into one
// alert_digests row (digest_key is unique: two instances gathering at once make one digest, and a
// held row moves to one digest only, from 'held'), then sends it like the outbox sends a row.
// biome-ignore lint/suspicious/noExplicitAny: migrations run against an untyped schema
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('alert_mails').addColumn('digest_key', 'text').execute();
  await db.schema.alterTable('alert_mails').addColumn('digest_period', 'text').execute();
  await db.schema.alterTable('alert_mails').addColumn('time_zone', 'text').execute();
  await db.schema.alterTable('alert_mails').addColumn('digest_id', 'bigint').execute();
  await db.schema.createIndex('alert_mails_digest').on('alert_mails').columns(['digest_id']).execute();
  const t = db.schema.createTable('alert_digests');
  await (dialectOf(db) === 'postgres'
    ? t.addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('digest_key', 'text', (c) => c.notNull().unique())
    .addColumn('reseller_id', 'bigint', (c) => c.notNull())
    // The client all its messages are about, or 0 when it gathers several clients'.
    .addColumn('client_id', 'bigint', (c) => c.notNull())
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('due_at', 'bigint', (c) => c.notNull())
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .addColumn('recipients', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
    .addColumn('claimed_until', 'bigint')
    .addColumn('sent_at', 'bigint')
    .addColumn('error', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('alert_digests_due')
    .on('alert_digests')
    .columns(['status', 'next_attempt_at'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('alert_digests').execute();
  await db.schema.dropIndex('alert_mails_digest').execute();
  for (const c of ['digest_id', 'time_zone', 'digest_period', 'digest_key'])
    await db.schema.alterTable('alert_mails').dropColumn(c).execute();
}
