import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect';

// Search finds any part of a name (issue 18 point 12: "acme" finds BK01-ACME) in the dashboard,
// inventory, entity tables and wizard pickers, on the large fleet too: an index made for
// substrings on each engine. SQLite: an FTS5 table with the trigram tokenizer (SQLite 3.34+) per
// searched table, holding only the name and kept by triggers (external content: the text is not
// stored twice). PostgreSQL: a pg_trgm GIN index on the same expression the queries use, so
// `like '%acme%'` is answered from it. Searches shorter than three characters cannot use a
// trigram and stay a prefix range on the existing name indexes (server/src/search/name-search.ts).
// Vaults (a hundred-odd on the whole platform) need no index.
// biome-ignore lint/suspicious/noExplicitAny: migrations run against an untyped schema
type Db = Kysely<any>;

/** The searched tables, the column (SQLite) and the expression (PostgreSQL) holding the name. */
const SEARCHED = [
  { table: 'protected_systems', column: 'name_lc', expression: 'name_lc' },
  { table: 'organisations', column: 'name_lc', expression: 'name_lc' },
  { table: 'appliances', column: 'name_lc', expression: 'name_lc' },
  { table: 'users', column: 'name', expression: 'lower(name)' },
] as const;

export async function up(db: Db): Promise<void> {
  if (dialectOf(db) === 'sqlite') {
    for (const { table, column } of SEARCHED) {
      const fts = `${table}_name_fts`;
      await sql
        .raw(
          `create virtual table ${fts} using fts5(${column}, content='${table}', content_rowid='id', tokenize='trigram')`,
        )
        .execute(db);
      await sql.raw(`insert into ${fts}(${fts}) values ('rebuild')`).execute(db);
      const add = `insert into ${fts}(rowid, ${column}) values (new.id, new.${column});`;
      const remove = `insert into ${fts}(${fts}, rowid, ${column}) values ('delete', old.id, old.${column});`;
      await sql.raw(`create trigger ${fts}_ai after insert on ${table} begin ${add} end`).execute(db);
      await sql.raw(`create trigger ${fts}_ad after delete on ${table} begin ${remove} end`).execute(db);
      await sql
        .raw(`create trigger ${fts}_au after update of ${column} on ${table} begin ${remove} ${add} end`)
        .execute(db);
    }
    return;
  }
  const trgm = await trigramSchema(db);
  if (!trgm) return;
  for (const { table, expression } of SEARCHED) {
    await sql
      .raw(`create index ${table}_name_trgm on ${table} using gin ((${expression}) "${trgm}".gin_trgm_ops)`)
      .execute(db);
  }
}

/**
 * The schema holding pg_trgm, created in `public` when missing (never in a test's own schema:
 * dropping that schema would drop the extension under every other one). Null when the role may not
 * create it: search then still finds substrings, by scanning (docs/decisions.md, issue 18).
 */
async function trigramSchema(db: Db): Promise<string | null> {
  const find = async () =>
    (
      await sql<{ schema: string }>`select n.nspname as schema from pg_extension e
        join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db)
    ).rows[0]?.schema ?? null;
  const found = await find();
  if (found) return found;
  // A savepoint: the migration runs in a transaction, which a refused statement would abort.
  await sql`savepoint pg_trgm`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm with schema public`.execute(db);
    await sql`release savepoint pg_trgm`.execute(db);
  } catch (e) {
    await sql`rollback to savepoint pg_trgm`.execute(db);
    console.warn(`pg_trgm is not available (${String(e)}): name search scans instead of using an index.`);
    return null;
  }
  return find();
}

export async function down(db: Db): Promise<void> {
  for (const { table } of SEARCHED) {
    if (dialectOf(db) === 'sqlite') {
      for (const t of ['ai', 'ad', 'au'])
        await sql.raw(`drop trigger if exists ${table}_name_fts_${t}`).execute(db);
      await sql.raw(`drop table if exists ${table}_name_fts`).execute(db);
    } else {
      await sql.raw(`drop index if exists ${table}_name_trgm`).execute(db);
    }
  }
}
