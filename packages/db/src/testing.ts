import { randomBytes } from 'node:crypto';
import { type DbHandle, openDb } from './connection';
import { migrateToLatest } from './migrate';

// Test databases: SQLite in memory by default; in the PostgreSQL pass of `npm test`
// (LIFEBOAT_TEST_ENGINE=postgres with TEST_DATABASE_URL) a fresh schema, dropped afterwards.

export function testEngine(): 'sqlite' | 'postgres' {
  return process.env.LIFEBOAT_TEST_ENGINE === 'postgres' && process.env.TEST_DATABASE_URL
    ? 'postgres'
    : 'sqlite';
}

export interface TestDb {
  dbh: DbHandle;
  /** Connect a second handle to the same database (PostgreSQL only: a second worker's pool). */
  connectAgain(): Promise<DbHandle>;
  close(): Promise<void>;
}

export async function openTestDb(prefix = 't'): Promise<TestDb> {
  if (testEngine() === 'sqlite') {
    const dbh = await openDb({ url: ':memory:' });
    await migrateToLatest(dbh.db);
    return {
      dbh,
      connectAgain: () => Promise.reject(new Error('a second connection needs PostgreSQL')),
      close: () => dbh.close(),
    };
  }
  const url = process.env.TEST_DATABASE_URL as string;
  const schema = `${prefix}_${randomBytes(6).toString('hex')}`;
  const dbh = await openDb({ url, schema, poolSize: 4 });
  await migrateToLatest(dbh.db);
  const others: DbHandle[] = [];
  return {
    dbh,
    async connectAgain() {
      const h = await openDb({ url, schema, poolSize: 4 });
      others.push(h);
      return h;
    },
    async close() {
      for (const h of others) await h.close();
      await dbh.close();
      // Loaded here, not at the top: the server bundle includes this module, and a start on
      // SQLite should not load the PostgreSQL driver.
      const pg = (await import('pg')).default;
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await c.end();
    },
  };
}
