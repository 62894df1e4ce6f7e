import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { ServerDatabase } from './server';

// The database floor (mixed.ts): the queries the server ran during the measured mix, with their
// parameters (LIFEBOAT_QUERY_LOG, packages/db/src/connection.ts), replayed one after another
// through the driver alone, as the server runs them (SQLite: better-sqlite3 with prepared
// statements kept by text; PostgreSQL: pg with reads as named prepared statements). What a
// request cannot cost less than, whatever the server does around its queries.

export interface LoggedQuery {
  sql: string;
  parameters: unknown[];
}

/** Every process's log (`<file>.<pid>`), in one list. */
export function readQueryLogs(file: string): LoggedQuery[] {
  const dir = path.dirname(file);
  const base = `${path.basename(file)}.`;
  const out: LoggedQuery[] = [];
  for (const name of fs.readdirSync(dir)) {
    if (!name.startsWith(base)) continue;
    for (const line of fs.readFileSync(path.join(dir, name), 'utf8').split('\n'))
      if (line) out.push(JSON.parse(line) as LoggedQuery);
  }
  return out;
}

export interface Floor {
  queries: number;
  /** Queries the replay could not run again (a write whose row is already there, say). */
  failed: number;
  /** CPU seconds of this process (the driver) over the replay. */
  cpuSeconds: number;
  wallSeconds: number;
}

const cpuNow = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

export async function replay(database: ServerDatabase, queries: LoggedQuery[]): Promise<Floor> {
  let failed = 0;
  if (database.kind === 'sqlite') {
    const db = new SQLite(database.file);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    const cache = new Map<string, SQLite.Statement>();
    const cpu0 = cpuNow();
    const wall0 = performance.now();
    for (const q of queries) {
      try {
        let stmt = cache.get(q.sql);
        if (!stmt) {
          stmt = db.prepare(q.sql);
          cache.set(q.sql, stmt);
        }
        if (stmt.reader) stmt.all(...q.parameters);
        else stmt.run(...q.parameters);
      } catch {
        failed++;
      }
    }
    const out = {
      queries: queries.length,
      failed,
      cpuSeconds: cpuNow() - cpu0,
      wallSeconds: (performance.now() - wall0) / 1000,
    };
    db.close();
    return out;
  }
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const names = new Map<string, string>();
  const cpu0 = cpuNow();
  const wall0 = performance.now();
  try {
    for (const q of queries) {
      try {
        if (/^\s*(select|with)\b/i.test(q.sql)) {
          let name = names.get(q.sql);
          if (!name) {
            name = `f${names.size + 1}`;
            names.set(q.sql, name);
          }
          await client.query({ name, text: q.sql, values: q.parameters });
        } else await client.query(q.sql, q.parameters);
      } catch {
        failed++;
      }
    }
    return {
      queries: queries.length,
      failed,
      cpuSeconds: cpuNow() - cpu0,
      wallSeconds: (performance.now() - wall0) / 1000,
    };
  } finally {
    await client.end();
  }
}
