import type { Database, DbHandle } from '@lifeboat/db';
import { type Kysely, sql } from 'kysely';
import { COLUMNS, LOAD_TABLES, type LoadTable, type Row } from './tables';

// Where generated rows go. The generation logic is written once against this interface: `add`
// is synchronous (10 million calls must stay cheap) and `checkpoint` is awaited between systems,
// where an engine may commit or flush.

export interface Sink {
  add<T extends LoadTable>(table: T, row: Row<T>): void;
  /** Commits or flushes when enough rows have piled up. */
  checkpoint(): Promise<void>;
  /** Writes everything left; the sink is unusable afterwards. */
  finish(): Promise<void>;
  /** Rows written (or buffered) per table. */
  readonly counts: Record<LoadTable, number>;
}

function emptyCounts(): Record<LoadTable, number> {
  return Object.fromEntries(LOAD_TABLES.map((name) => [name, 0])) as Record<LoadTable, number>;
}

/** The first row of each table is checked against the column list, so a typo fails loudly. */
function checkColumns(table: LoadTable, row: object): void {
  const expected = COLUMNS[table].map(([c]) => c).sort();
  const actual = Object.keys(row).sort();
  if (expected.join() !== actual.join()) {
    throw new Error(`fleet: ${table} row has columns [${actual}] but the loader expects [${expected}]`);
  }
}

type RowValues = Array<string | number | null>;

function valuesOf<T extends LoadTable>(table: T, row: Row<T>): RowValues {
  const record = row as unknown as Record<string, string | number | null>;
  return COLUMNS[table].map(([c]) => record[c] ?? null);
}

const SQLITE_BATCH_ROWS = 50_000;
/** Rows per multi-row INSERT: fewer calls into SQLite than one statement per row. */
const SQLITE_MULTI = 64;

/** better-sqlite3: prepared multi-row INSERTs inside transactions of ~50k rows. */
export class SqliteSink implements Sink {
  readonly counts = emptyCounts();
  private readonly raw: NonNullable<DbHandle['sqlite']>;
  private readonly pending = new Map<LoadTable, RowValues>();
  private readonly single = new Map<LoadTable, (values: RowValues) => void>();
  private readonly multi = new Map<LoadTable, (values: RowValues) => void>();
  private sinceCommit = 0;
  private readonly restore: Array<() => void> = [];

  constructor(dbh: DbHandle) {
    if (!dbh.sqlite) throw new Error('SqliteSink needs a SQLite handle');
    const raw = dbh.sqlite;
    this.raw = raw;
    // A fresh bulk load: durability per commit and per-row foreign-key lookups buy nothing here
    // (the generator's ids are consistent by construction; tests run foreign_key_check).
    const sync = raw.pragma('synchronous', { simple: true });
    const fk = raw.pragma('foreign_keys', { simple: true });
    const cache = raw.pragma('cache_size', { simple: true });
    raw.pragma('synchronous = OFF');
    raw.pragma('foreign_keys = OFF');
    raw.pragma('cache_size = -262144');
    this.restore.push(
      () => raw.pragma(`synchronous = ${Number(sync)}`),
      () => raw.pragma(`foreign_keys = ${Number(fk)}`),
      () => raw.pragma(`cache_size = ${Number(cache)}`),
    );
    for (const table of LOAD_TABLES) {
      const cols = COLUMNS[table].map(([c]) => `"${c}"`).join(', ');
      const one = `(${COLUMNS[table].map(() => '?').join(', ')})`;
      const s1 = raw.prepare(`INSERT INTO "${table}" (${cols}) VALUES ${one}`);
      const sN = raw.prepare(
        `INSERT INTO "${table}" (${cols}) VALUES ${Array(SQLITE_MULTI).fill(one).join(', ')}`,
      );
      this.single.set(table, (v) => s1.run(v));
      this.multi.set(table, (v) => sN.run(v));
      this.pending.set(table, []);
    }
    raw.exec('BEGIN');
  }

  add<T extends LoadTable>(table: T, row: Row<T>): void {
    if (this.counts[table]++ === 0) checkColumns(table, row);
    const buf = this.pending.get(table) as RowValues;
    for (const v of valuesOf(table, row)) buf.push(v);
    if (buf.length === SQLITE_MULTI * COLUMNS[table].length) {
      (this.multi.get(table) as (v: RowValues) => void)(buf);
      buf.length = 0;
    }
    this.sinceCommit++;
  }

  private flushPending(): void {
    for (const table of LOAD_TABLES) {
      const buf = this.pending.get(table) as RowValues;
      const width = COLUMNS[table].length;
      const run = this.single.get(table) as (v: RowValues) => void;
      for (let at = 0; at < buf.length; at += width) run(buf.slice(at, at + width));
      buf.length = 0;
    }
  }

  async checkpoint(): Promise<void> {
    if (this.sinceCommit < SQLITE_BATCH_ROWS) return;
    this.flushPending();
    this.raw.exec('COMMIT');
    this.raw.exec('BEGIN');
    this.sinceCommit = 0;
  }

  async finish(): Promise<void> {
    try {
      this.flushPending();
      this.raw.exec('COMMIT');
    } finally {
      if (this.raw.inTransaction) this.raw.exec('ROLLBACK');
      for (const undo of this.restore) undo();
    }
  }

  /** Abandons the current batch (after an error) and restores the pragmas. */
  abort(): void {
    if (this.raw.inTransaction) this.raw.exec('ROLLBACK');
    for (const undo of this.restore) undo();
  }
}

const PG_FLUSH_ROWS = 20_000;

/** PostgreSQL: rows buffered per table as column arrays, inserted with one `unnest` per table. */
export class PostgresSink implements Sink {
  readonly counts = emptyCounts();
  private readonly columns = new Map<LoadTable, RowValues[]>();
  private buffered = 0;

  constructor(private readonly db: Kysely<Database>) {
    for (const table of LOAD_TABLES)
      this.columns.set(
        table,
        COLUMNS[table].map(() => []),
      );
  }

  add<T extends LoadTable>(table: T, row: Row<T>): void {
    if (this.counts[table]++ === 0) checkColumns(table, row);
    const cols = this.columns.get(table) as RowValues[];
    const values = valuesOf(table, row);
    for (let k = 0; k < values.length; k++) (cols[k] as RowValues).push(values[k] as string | number | null);
    this.buffered++;
  }

  private async flush(): Promise<void> {
    // Parents before children, so foreign keys hold at every statement.
    for (const table of LOAD_TABLES) {
      const cols = this.columns.get(table) as RowValues[];
      if ((cols[0] as RowValues).length === 0) continue;
      const spec = COLUMNS[table];
      const names = sql.join(spec.map(([c]) => sql.ref(c)));
      const arrays = sql.join(
        spec.map(([, type], k) => (type === 'i' ? sql`${cols[k]}::bigint[]` : sql`${cols[k]}::text[]`)),
      );
      await sql`INSERT INTO ${sql.table(table)} (${names}) SELECT * FROM unnest(${arrays})`.execute(this.db);
      this.columns.set(
        table,
        spec.map(() => []),
      );
    }
    this.buffered = 0;
  }

  async checkpoint(): Promise<void> {
    if (this.buffered >= PG_FLUSH_ROWS) await this.flush();
  }

  async finish(): Promise<void> {
    await this.flush();
  }
}
