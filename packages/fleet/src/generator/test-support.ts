import { randomBytes } from 'node:crypto';
import { type DbHandle, migrateToLatest, openDb } from '@lifeboat/db';
import { sql } from 'kysely';
import { LOAD_TABLES, type LoadTable } from './tables';

// Helpers for the generator's tests: databases on both engines and a stable dump of every table.

/** A throw-away database: SQLite in memory, or a fresh PostgreSQL schema dropped by `close`. */
export async function scratchDb(engine: 'sqlite' | 'postgres'): Promise<DbHandle> {
  if (engine === 'sqlite') {
    const dbh = await openDb({ url: ':memory:' });
    await migrateToLatest(dbh.db);
    return dbh;
  }
  const schema = `fleet_test_${randomBytes(5).toString('hex')}`;
  const dbh = await openDb({ url: process.env.TEST_DATABASE_URL as string, schema, poolSize: 2 });
  await migrateToLatest(dbh.db);
  return {
    ...dbh,
    async close() {
      await sql.raw(`DROP SCHEMA "${schema}" CASCADE`).execute(dbh.db);
      await dbh.close();
    },
  };
}

const ORDER: Partial<Record<LoadTable, string>> = {
  system_vaults: 'system_id, vault_id',
  reseller_health_daily: 'reseller_id, day',
  meta: 'key',
};

/** Every generated table as rows ordered by key, with numbers as numbers on both engines. */
export async function dumpTables(dbh: DbHandle): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const table of LOAD_TABLES) {
    const { rows } = await sql
      .raw(`SELECT * FROM "${table}" ORDER BY ${ORDER[table] ?? 'id'}`)
      .execute(dbh.db);
    out[table] = rows.map((r) =>
      Object.fromEntries(
        Object.entries(r as Record<string, unknown>).map(([k, v]) => [
          k,
          typeof v === 'bigint' ? Number(v) : v,
        ]),
      ),
    );
  }
  return out;
}

export async function rowsOf<T>(dbh: DbHandle, query: string): Promise<T[]> {
  const { rows } = await sql.raw(query).execute(dbh.db);
  return rows as T[];
}

export async function countOf(dbh: DbHandle, query: string): Promise<number> {
  const [row] = await rowsOf<{ n: number | string }>(dbh, query);
  return Number(row?.n ?? 0);
}
