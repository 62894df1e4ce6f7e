import { dialectOf as dialect } from '@lifeboat/db';
import { sql } from 'kysely';
import type { Db } from './types';

/**
 * Serialise "check, then enqueue" for one subject across PostgreSQL connections, until the
 * transaction ends. SQLite needs nothing: its writers are already serialised.
 */
export async function lockSubject(trx: Db, key: string): Promise<void> {
  if (dialect(trx) !== 'postgres') return;
  await sql`SELECT pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
}
