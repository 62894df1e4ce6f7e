import { type Database, dialectOf } from '@lifeboat/db';
import { type Kysely, sql } from 'kysely';

// "One X per Y" rules (one virtual office per client, one Azure restore of a point, one MFA
// enrolment per user, the IPsec sites of a client, one sync of a backup source) are checked and written in one transaction
// that first locks the Y row, so concurrent requests, on any number of instances, take turns.

/** Tables whose row is the subject of such a rule (each has an `id` primary key). */
export type LockableTable = 'organisations' | 'users' | 'protected_systems' | 'backup_sources';

/**
 * Lock one row until the transaction ends. Call it first in the transaction: on PostgreSQL it is
 * `SELECT ... FOR NO KEY UPDATE` (lockers take turns; inserts of rows referencing it are not held);
 * on SQLite a no-op write takes the database's write lock at once (a transaction that read first
 * and wrote later could find another process's write in between).
 */
export async function lockRow(trx: Kysely<Database>, table: LockableTable, id: number): Promise<void> {
  if (dialectOf(trx) === 'postgres')
    await sql`select id from ${sql.table(table)} where id = ${id} for no key update`.execute(trx);
  else await sql`update ${sql.table(table)} set id = id where id = ${id}`.execute(trx);
}
