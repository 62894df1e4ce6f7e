import type { Kysely } from 'kysely';
import { dialectOf } from '../dialect';

// Issue 18.8: an appliance's offline history. A row is one period offline: open (ended_at null)
// while the appliance is offline. The living fleet writes them when it takes an appliance offline
// and back; the generator writes the demo's past ones.
// biome-ignore lint/suspicious/noExplicitAny: migrations run against an untyped schema
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  const t = db.schema.createTable('appliance_offline_periods');
  await (dialectOf(db) === 'postgres'
    ? t.addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('reseller_id', 'bigint', (c) => c.notNull())
    .addColumn('client_id', 'bigint', (c) => c.notNull())
    .addColumn('appliance_id', 'bigint', (c) => c.notNull())
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('ended_at', 'bigint')
    // When the simulator means to bring it back; null: not expected back (a long outage).
    .addColumn('planned_end_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('appliance_offline_periods_appliance')
    .on('appliance_offline_periods')
    .columns(['appliance_id', 'started_at'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('appliance_offline_periods').execute();
}
