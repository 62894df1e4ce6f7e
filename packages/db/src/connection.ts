import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  type LogEvent,
  PostgresDialect,
  type PostgresPool,
  type PostgresPoolClient,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
} from 'kysely';
import type PgModule from 'pg';
import type { DialectName } from './dialect';
import type { Database } from './schema';

let pgLoaded: typeof PgModule | undefined;

/** pg is loaded on first use only: a console on SQLite starts without it. */
async function loadPg(): Promise<typeof PgModule> {
  if (!pgLoaded) {
    const pg = (await import('pg')).default;
    // BIGINT (int8) and NUMERIC come back from pg as strings; our values (epoch ms, byte counts,
    // counts) fit in a double, so read them as numbers on both engines.
    pg.types.setTypeParser(20, (v) => Number(v));
    pg.types.setTypeParser(1700, (v) => Number(v));
    pgLoaded = pg;
  }
  return pgLoaded;
}

export interface DbHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  /** The raw SQLite handle, for bulk loads and pragmas; null on PostgreSQL. */
  sqlite: SQLite.Database | null;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** postgres://... or a SQLite file path (':memory:' for a throw-away database). */
  url: string;
  /** PostgreSQL only: a schema to use (and create), so tests can isolate themselves. */
  schema?: string;
  poolSize?: number;
}

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//.test(url);
}

export async function openDb(opts: OpenOptions): Promise<DbHandle> {
  if (isPostgresUrl(opts.url)) {
    const pg = await loadPg();
    if (opts.schema) {
      const admin = new pg.Client({ connectionString: opts.url });
      await admin.connect();
      await admin.query(`CREATE SCHEMA IF NOT EXISTS "${opts.schema.replace(/"/g, '')}"`);
      await admin.end();
    }
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: opts.poolSize ?? 10,
      ...(opts.schema ? { options: `-c search_path="${opts.schema.replace(/"/g, '')}"` } : {}),
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: namedReads(pool) }), ...qlog() });
    return { db, dialect: 'postgres', sqlite: null, close: () => db.destroy() };
  }
  if (opts.url !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(opts.url)), { recursive: true });
  const sqlite = new SQLite(opts.url);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({
    dialect: new SqliteWriterDialect({ database: withStatementCache(sqlite) }),
    ...qlog(),
  });
  return { db, dialect: 'sqlite', sqlite, close: () => db.destroy() };
}

/**
 * SQLite transactions begin IMMEDIATE: they take the write lock at BEGIN, waiting for it up to the
 * busy timeout. Kysely begins them DEFERRED, and with several processes on one file (WAL,
 * LIFEBOAT_PROCESSES) a transaction that read first and then wrote after another process's commit
 * failed at once with SQLITE_BUSY, whatever the busy timeout (SQLite cannot upgrade a read snapshot
 * that is no longer the newest): a request answered 500 while the background process was writing.
 */
class SqliteWriterDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class SqliteWriterDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createDriver(): Driver {
    return new SqliteWriterDriver(this.#config);
  }
}

/** Distinct SQL texts that get a name (a server-side prepared statement on each connection). */
const NAMED_STATEMENTS = 1000;
const statementNames = new Map<string, string>();
/** Texts whose named statement PostgreSQL refused (a table changed under it): run unnamed. */
const unnamed = new Set<string>();

/**
 * Reads on PostgreSQL as named prepared statements: each connection parses and plans a query text
 * once, and every later run of the same text with other parameters only binds and executes (Kysely
 * sends each query unnamed, so PostgreSQL parsed and planned it on every request). Only reads:
 * the texts of writes and of migrations' DDL stay unnamed. The same text always gets the same name.
 */
function namedReads(pool: PgModule.Pool): PostgresPool {
  const nameOf = (text: string) => {
    if (unnamed.has(text) || !/^\s*(select|with)\b/i.test(text)) return null;
    let name = statementNames.get(text);
    if (!name && statementNames.size < NAMED_STATEMENTS) {
      name = `lb${statementNames.size + 1}`;
      statementNames.set(text, name);
    }
    return name ?? null;
  };
  return {
    end: () => pool.end(),
    async connect() {
      const client = await pool.connect();
      // pg's own result type is wider than Kysely's view of it (command is any string).
      return <PostgresPoolClient>(<unknown>{
        release: () => client.release(),
        async query(text: string, values: unknown[]) {
          const name = nameOf(text);
          if (!name) return client.query(text, values);
          try {
            return await client.query({ name, text, values });
          } catch (err) {
            // "cached plan must not change result type": a migration changed a table after this
            // connection prepared the text. Run it unnamed from now on.
            if ((err as { code?: string }).code !== '0A000') throw err;
            unnamed.add(text);
            return client.query(text, values);
          }
        },
      });
    },
  };
}

const STATEMENT_CACHE = 500;

/**
 * Kysely prepares every query anew, and on SQLite preparing (parsing and planning) costs more than
 * running an indexed page. Keep the most recent statements by their SQL text: the same query with
 * other parameters reuses its plan, and SQLite re-prepares a cached one itself after a schema change.
 */
function withStatementCache(sqlite: SQLite.Database) {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(source: string) {
      let stmt = cache.get(source);
      if (stmt) {
        cache.delete(source);
      } else {
        stmt = sqlite.prepare(source);
        if (cache.size >= STATEMENT_CACHE) cache.delete(cache.keys().next().value as string);
      }
      cache.set(source, stmt);
      return stmt;
    },
  };
}

/**
 * LIFEBOAT_QUERY_STATS=<file> (benchmarks only): time spent per SQL text, written to <file> when
 * the process exits, slowest total first. Off by default: then Kysely logs nothing.
 * LIFEBOAT_QUERY_LOG=<file> (benchmarks only): every query's text and parameters between two
 * SIGUSR2, written to <file>.<pid> (one JSON line each) at the second, so a benchmark can replay
 * exactly the queries of its measured run through the driver alone (bench/src/floor.ts).
 */
const queryStats = new Map<string, { n: number; ms: number }>();
let queryLog: { sql: string; parameters: readonly unknown[] }[] | null = null;
let queryLogWatched = false;
function qlog(): { log?: (e: LogEvent) => void } {
  const file = process.env.LIFEBOAT_QUERY_STATS;
  const logFile = process.env.LIFEBOAT_QUERY_LOG;
  if (!file && !logFile) return {};
  if (file && queryStats.size === 0)
    process.once('exit', () => {
      const rows = [...queryStats.entries()].sort((a, b) => b[1].ms - a[1].ms).slice(0, 80);
      const line = ([q, v]: [string, { n: number; ms: number }]) =>
        `${v.ms.toFixed(0)} ms\t${v.n}\t${(v.ms / v.n).toFixed(3)} ms\t${q.slice(0, 600)}`;
      fs.writeFileSync(file, `total\tcalls\tmean\tsql\n${rows.map(line).join('\n')}\n`);
    });
  if (logFile && !queryLogWatched) {
    queryLogWatched = true;
    process.on('SIGUSR2', () => {
      if (queryLog === null) {
        queryLog = [];
        return;
      }
      const lines = queryLog.map((q) => JSON.stringify(q)).join('\n');
      queryLog = null;
      fs.writeFileSync(`${logFile}.${process.pid}`, lines ? `${lines}\n` : '');
    });
  }
  return {
    log: (e) => {
      if (queryLog) queryLog.push({ sql: e.query.sql, parameters: e.query.parameters });
      if (!file) return;
      const s = queryStats.get(e.query.sql) ?? { n: 0, ms: 0 };
      s.n++;
      s.ms += e.queryDurationMillis;
      queryStats.set(e.query.sql, s);
    },
  };
}
