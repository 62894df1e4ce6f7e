import { type Kysely, sql } from 'kysely';

// Device details (issue 4): the job history is paged deep by (system, start time) and reads ids
// first, so the index carries the id too; restore points in use are few among very many, so a
// partial index holds only them (GET /{entityType}/get_rps_in_use; shared with 002_dashboard).
// biome-ignore lint/suspicious/noExplicitAny: migrations run against an untyped schema
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createIndex('jh_system_time_id')
    .on('job_history')
    .columns(['system_id', 'started_at', 'id'])
    .execute();
  await db.schema.dropIndex('jh_system_time').execute();
  // The same partial index as 002_dashboard's, which may have made it already.
  await db.schema
    .createIndex('rp_in_use')
    .ifNotExists()
    .on('restore_points')
    .column('system_id')
    .where(sql.ref('in_use'), '=', 1)
    .execute();
}

export async function down(db: Db): Promise<void> {
  // rp_in_use stays: 002_dashboard owns it too.
  await db.schema
    .createIndex('jh_system_time')
    .on('job_history')
    .columns(['system_id', 'started_at'])
    .execute();
  await db.schema.dropIndex('jh_system_time_id').execute();
}
