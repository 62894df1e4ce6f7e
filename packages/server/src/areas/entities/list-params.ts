import { capCount, ENTITY_COUNT_CAP, type EntityListAnswer, type EntityListParams } from '@lifeboat/contract';
import type { Database } from '@lifeboat/db';
import { type Compilable, type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import { NotFoundError } from '../../http/errors';
import { type Actor, findOrgInScope } from '../../scope';

// Shared by every entity table (named apart from http/list.ts, which the inventory area owns).
// Lists page in the database by an indexed name, search is an indexed prefix range, and counts
// stop at ENTITY_COUNT_CAP so no request counts the whole platform (issue 5 'Speed').

/** Lower-cased prefix bounds [lo, hi) for an indexed range scan, or null for no search. */
export function prefixBounds(search: string): { lo: string; hi: string } | null {
  const s = search.trim().toLowerCase();
  if (!s) return null;
  // Byte order on both engines (SQLite BINARY, PostgreSQL C collation): every string that starts
  // with s sorts in [s, s + U+FFFF).
  return { lo: s, hi: `${s}\uffff` };
}

/** `col` starts with the search (col must hold lower-cased text, or be a lower() expression). */
export function startsWith(col: RawBuilder<unknown>, b: { lo: string; hi: string }): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${col} >= ${b.lo} and ${col} < ${b.hi})`;
}

export const never = sql<SqlBool>`1 = 0`;
export const always = sql<SqlBool>`1 = 1`;

/** How many rows a query would give, stopping at the cap. */
export async function cappedCount(
  db: Kysely<Database>,
  query: Compilable,
): Promise<{ count: number; capped: boolean }> {
  const r = await sql<{ n: number | string }>`select count(*) as n from (${query}) as capped`.execute(db);
  const n = Number(r.rows[0]?.n ?? 0);
  return capCount(n, ENTITY_COUNT_CAP);
}

export const offsetOf = (p: EntityListParams) => (p.page - 1) * p.rows;

/**
 * A page and its total. A page that is not full (and not past the end) tells the total by itself,
 * so the count query runs only when there may be more rows than the page shows.
 */
export async function pageWithTotal<T>(
  db: Kysely<Database>,
  p: EntityListParams,
  page: Promise<T[]>,
  countQuery: () => Compilable,
): Promise<{ rows: T[]; total: { count: number; capped: boolean } }> {
  const rows = await page;
  if (rows.length < p.rows && (rows.length > 0 || p.page === 1))
    return { rows, total: { count: offsetOf(p) + rows.length, capped: false } };
  return { rows, total: await cappedCount(db, countQuery()) };
}

export function answer<T>(
  p: EntityListParams,
  content: T[],
  total: { count: number; capped: boolean },
  emptyDesc: string,
): EntityListAnswer<T> {
  return {
    content,
    records_count: total.count,
    records_count_capped: total.capped,
    empty_desc: emptyDesc,
    page: p.page,
    rows: p.rows,
  };
}

/** Rows of ids -> Map id -> row, for per-page summaries. */
export function byId<T extends { id: number }>(rows: T[]): Map<number, T> {
  return new Map(rows.map((r) => [r.id, r]));
}

/** Select this with `.limit(COUNT_LIMIT)` on a list's base query and hand it to cappedCount. */
export const one = sql<number>`1`.as('one');
export const COUNT_LIMIT = ENTITY_COUNT_CAP + 1;

/**
 * The reseller and client filters (links such as client/empty_table/?reseller_id=) must name an
 * organisation of that kind in the caller's scope, on every table: otherwise 404, never the
 * caller's own rows as if the filter were not there.
 */
export async function checkListFilters(
  db: Kysely<Database>,
  actor: Actor,
  p: EntityListParams,
): Promise<void> {
  for (const [id, kind] of [
    [p.reseller_id, 'reseller'],
    [p.client_id, 'client'],
  ] as const) {
    if (id === undefined) continue;
    const org = await findOrgInScope(db, actor, id, `This ${kind}`);
    if (org.kind !== kind) throw new NotFoundError(`This ${kind}`);
  }
}
