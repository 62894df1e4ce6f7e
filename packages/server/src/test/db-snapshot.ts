import { createHash } from 'node:crypto';
import type { Database } from '@lifeboat/db';
import { type Kysely, sql } from 'kysely';

// A fingerprint of the whole database: per table, its row count and a hash of its rows (in a
// stable order). Two snapshots that differ name the tables that changed.

export type Snapshot = Record<string, { rows: number; hash: string }>;

/** Tables the suites do not watch: the signed-in users' own sessions. */
const UNWATCHED = new Set(['sessions', 'kysely_migration', 'kysely_migration_lock']);

/**
 * The tables of the test's database. On PostgreSQL only its own schema's (other test files, and
 * other runs, have theirs and drop them at any time, so Kysely's introspection of every schema
 * can fail mid-query).
 */
async function tableNames(db: Kysely<Database>): Promise<string[]> {
  let names: string[];
  try {
    const r = await sql<{ name: string }>`select table_name as name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db);
    names = r.rows.map((x) => x.name);
  } catch {
    // SQLite: no information_schema.
    const r = await sql<{ name: string }>`select name from sqlite_master
      where type = 'table' and name not like 'sqlite_%'`.execute(db);
    names = r.rows.map((x) => x.name);
  }
  return names.filter((n) => !UNWATCHED.has(n));
}

export async function snapshot(db: Kysely<Database>): Promise<Snapshot> {
  const tables = await tableNames(db);
  const out: Snapshot = {};
  for (const name of tables.sort()) {
    // biome-ignore lint/suspicious/noExplicitAny: every table, whatever its columns
    const rows = await (db as Kysely<any>).selectFrom(name).selectAll().execute();
    const lines = rows
      .map((r) => JSON.stringify(r, (_k, v) => (typeof v === 'bigint' ? String(v) : v)))
      .sort();
    out[name] = { rows: rows.length, hash: createHash('sha1').update(lines.join('\n')).digest('hex') };
  }
  return out;
}

/** The tables whose rows differ between two snapshots, with their row counts. */
export function changedTables(before: Snapshot, after: Snapshot): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names]
    .filter((n) => before[n]?.hash !== after[n]?.hash)
    .map((n) => `${n} (${before[n]?.rows ?? 0} -> ${after[n]?.rows ?? 0} rows)`);
}
