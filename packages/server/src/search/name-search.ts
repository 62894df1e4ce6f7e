import { type Database, dialectOf } from '@lifeboat/db';
import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import { type Actor, scopeKind } from '../scope';

// Name search for every list and picker (issue 18 point 12): a search finds any part of a name
// ("acme" finds BK01-ACME), answered from the substring index of migration 020 on each engine.
// A search of one or two characters has no trigram to look up: it matches the start of the name,
// a range on the name indexes the lists already page by (a substring that short matches most of
// a fleet anyway). The caller adds it to a scoped() query: the index only narrows the rows the
// actor's scope already allows.
//
// On SQLite the trigram index pays off across the platform (a distributor's or the staff's
// lists), where a scan of every name costs tens of milliseconds on the large fleet; inside one
// reseller's or client's rows, read through an index on the owner, the scan of those few thousand
// names is as fast or faster than a lookup of a common trigram over the whole platform
// (docs/decisions.md, issue 18 point 12, has the figures). So a `narrow` query scans on SQLite;
// PostgreSQL's planner weighs the owner index against the trigram index itself.

/** The searched tables and the lower-cased name expression the index of each is made on. */
const SEARCHED = {
  protected_systems: { column: 'name_lc', lowered: false },
  organisations: { column: 'name_lc', lowered: false },
  appliances: { column: 'name_lc', lowered: false },
  users: { column: 'name', lowered: true },
} as const;

export type SearchedTable = keyof typeof SEARCHED;

/** The shortest search answered as a substring (a trigram). */
export const SUBSTRING_MIN = 3;

/** A LIKE pattern that matches `text` literally anywhere (escape character: backslash). */
export function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The first string after every string that starts with `prefix` (binary order, both engines). */
function prefixEnd(prefix: string): string {
  const last = prefix.codePointAt(prefix.length - 1) ?? 0;
  return prefix.slice(0, -1) + String.fromCodePoint(last + 1);
}

/** Whether an actor's lists are narrow (one reseller's or one client's rows) rather than wide. */
export function narrowScope(actor: Actor): boolean {
  const kind = scopeKind(actor);
  return kind === 'reseller' || kind === 'client';
}

/**
 * The condition "the name of `alias` (a row of `table`) contains `search`", or null for an empty
 * search. `alias` is the query's alias of the table; the condition is keyed on its row only.
 * `narrow`: the query already keeps to one reseller's or client's rows through an owner index.
 */
export async function nameContains(
  db: Kysely<Database>,
  table: SearchedTable,
  alias: string,
  search: string | undefined,
  { narrow }: { narrow: boolean },
): Promise<RawBuilder<SqlBool> | null> {
  const s = (search ?? '').trim().toLowerCase();
  if (!s) return null;
  const { column, lowered } = SEARCHED[table];
  const name = lowered ? sql`lower(${sql.ref(`${alias}.${column}`)})` : sql.ref(`${alias}.${column}`);
  if ([...s].length < SUBSTRING_MIN) return sql<SqlBool>`(${name} >= ${s} and ${name} < ${prefixEnd(s)})`;
  if (narrow || dialectOf(db) === 'postgres')
    return sql<SqlBool>`${name} like ${likeContains(s)} escape '\\'`;
  // FTS5 trigram: a phrase of the search's trigrams in order is exactly "contains" (any case).
  const fts = sql.table(`${table}_name_fts`);
  const phrase = `"${s.replace(/"/g, '""')}"`;
  const matches = sql`select rowid from ${fts} where ${fts} match ${phrase}`;
  // A text in thousands of names ("mac") is found fastest by walking the name index, which meets a
  // page of matches at once; the index is for the rarer texts a walk would scan the fleet for.
  const probe = await sql<{ n: number }>`select count(*) as n from (${matches} limit ${DENSE})`.execute(db);
  if (Number(probe.rows[0]?.n ?? 0) >= DENSE)
    return sql<SqlBool>`${name} like ${likeContains(s)} escape '\\'`;
  return sql<SqlBool>`${sql.ref(`${alias}.id`)} in (${matches})`;
}

/** From this many matching names a walk of the name index beats the trigram index (SQLite). */
const DENSE = 2000;
