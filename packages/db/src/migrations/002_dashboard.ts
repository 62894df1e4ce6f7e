import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect';

// Indexes of the reseller dashboard (spec: dashboard-device-azure 2.2), so its calls read index
// entries of one reseller and never a table or the job history.
// biome-ignore lint/suspicious/noExplicitAny: migrations run against an untyped schema
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  // Covers every per-reseller figure (client health, at a glance, appliance and vault health):
  // one range of this index answers them without visiting the table.
  await db.schema
    .createIndex('ps_reseller_rollup')
    .on('protected_systems')
    .columns([
      'reseller_id',
      'client_id',
      'parked',
      'device_type',
      'health_status',
      'last_rp_at',
      'appliance_id',
      'cloud_used_bytes',
      'id',
    ])
    .execute();
  // The appliance table's health and licence usage for the systems of one page of appliances.
  await db.schema
    .createIndex('ps_appliance_health')
    .on('protected_systems')
    .columns(['appliance_id', 'health_status', 'device_type'])
    .execute();
  // Restore points in use are few: a partial index keeps the per-row count cheap.
  await db.schema
    .createIndex('rp_in_use')
    .on('restore_points')
    .column('system_id')
    .where(sql.ref('in_use'), '=', 1)
    .execute();
  // SQLite plans with the statistics ANALYZE leaves; a new index without them looks better than
  // it is and would take the protected-systems pages away from ps_reseller_name (a sort of the
  // whole reseller). PostgreSQL's autovacuum gathers its own.
  if (dialectOf(db) === 'sqlite') {
    for (const index of ['ps_reseller_rollup', 'ps_appliance_health', 'rp_in_use']) {
      await sql`analyze ${sql.raw(index)}`.execute(db);
    }
  }
}

export async function down(db: Db): Promise<void> {
  for (const name of ['ps_reseller_rollup', 'ps_appliance_health', 'rp_in_use']) {
    await db.schema.dropIndex(name).execute();
  }
}
