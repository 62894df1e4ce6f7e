import { type Kysely, sql } from 'kysely';

// Reminders of alerts nobody has acknowledged (issue 27.2, "acknowledging stops reminders"):
// told_at is when the alert last told its rule's recipients (opened, reopened, or reminded); the
// reminder schedule reminds an open, unacknowledged alert whose told_at is N hours old (N in the
// rule's routing) and moves told_at to now in the same guarded update that records the reminder,
// so two instances or a restart never send one reminder twice.
// biome-ignore lint/suspicious/noExplicitAny: migrations run against an untyped schema
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('alerts').addColumn('told_at', 'bigint').execute();
  // Existing alerts count from their newest opening (a reopen tells again).
  await sql`update alerts set told_at = coalesce(
      (select max(e.at) from alert_events e
        where e.alert_id = alerts.id and e.kind in ('opened', 'reopened')),
      opened_at)`.execute(db);
  // The schedule reads the open alerts nobody has acknowledged, oldest told first.
  await db.schema
    .createIndex('alerts_remind')
    .on('alerts')
    .columns(['told_at', 'id'])
    .where(sql<boolean>`resolved_at is null and acknowledged_at is null`)
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('alerts_remind').execute();
  await db.schema.alterTable('alerts').dropColumn('told_at').execute();
}
