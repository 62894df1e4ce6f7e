import { z } from 'zod';
import { TABLE_ROWS_DEFAULT, TABLE_SEARCH_MAX } from './constants';

// One list contract (issue 11 point 8; STYLE 6): every table asks for a page, rows per page, a
// search, a sort column and direction and its own filters, and gets rows plus a total that stops
// at a cap. Each table's declaration composes these pieces; the spec's field names stay on the
// wire (spec: dashboard-device-azure 3 'Table response': content, records_count, empty_desc) and
// are mapped to the one shape the web's pager reads here, in toListPage and jobHistoryPage.

/** Rows per page a table offers; the first is the default (spec: tables default to 10 rows). */
export const LIST_PAGE_SIZES = [TABLE_ROWS_DEFAULT, 25, 50, 100] as const;
/** No table page holds more rows than this. */
export const LIST_ROWS_MAX = 100;
/** Nobody pages this far; the bound keeps offsets (and their cost) finite. */
export const LIST_PAGE_MAX = 100_000;
/** Counts stop here: the table shows "1,000+" rather than counting the whole platform. */
export const LIST_COUNT_CAP = 1000;

export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/** A sort: one of the table's whitelisted columns and a direction. */
export interface ListSort<C extends string = string> {
  column: C;
  dir: SortDirection;
}

/** Page number, from 1. Coerced: it arrives as text in paths, queries and forms. */
export const listPage = z.coerce
  .number({ message: 'The page must be a whole number from 1.' })
  .int('The page must be a whole number from 1.')
  .min(1, 'The page must be a whole number from 1.')
  .max(LIST_PAGE_MAX, `The page must be at most ${LIST_PAGE_MAX}.`);

/** Rows per page: one of `sizes` when given (a select offers them), else any from 1 to LIST_ROWS_MAX. */
export function listRows(sizes?: readonly number[]) {
  const n = z.coerce
    .number({ message: `Rows per page must be between 1 and ${LIST_ROWS_MAX}.` })
    .int(`Rows per page must be between 1 and ${LIST_ROWS_MAX}.`)
    .min(1, `Rows per page must be between 1 and ${LIST_ROWS_MAX}.`)
    .max(LIST_ROWS_MAX, `Rows per page must be between 1 and ${LIST_ROWS_MAX}.`);
  if (!sizes) return n;
  return n.refine((v) => sizes.includes(v), `Choose ${sizes.join(', ').replace(/, (\d+)$/, ' or $1')} rows.`);
}

/** The search box's text (spec: inventory 5, at most 128 characters). */
export const listSearch = z
  .string()
  .max(TABLE_SEARCH_MAX, `Search for at most ${TABLE_SEARCH_MAX} characters.`);

/**
 * The sort fields of a table whose columns are `columns`: `sort` (a column name, checked against
 * the whitelist so only indexed or cheap orders reach the database) and `dir`. Both optional on
 * the wire; resolveSort applies the table's default.
 */
export function listSortFields<const C extends readonly [string, ...string[]]>(columns: C) {
  return {
    sort: z
      .enum(columns, { message: `Sort by ${columns.join(', ')}.` })
      .optional()
      .or(z.literal('').transform(() => undefined)),
    dir: z
      .enum(SORT_DIRECTIONS, { message: 'The direction must be asc or desc.' })
      .optional()
      .or(z.literal('').transform(() => undefined)),
  };
}

/** The sort a request asks for, or the table's default; a direction alone keeps the default column. */
export function resolveSort<C extends string>(
  asked: { sort?: C | undefined; dir?: SortDirection | undefined },
  fallback: ListSort<C>,
): ListSort<C> {
  return { column: asked.sort ?? fallback.column, dir: asked.dir ?? fallback.dir };
}

/**
 * The whole request of a table, every key optional and without defaults (a call may merge a
 * form body over its query key by key first): page, rows, search and the table's own fields
 * (its filters, and listSortFields when it sorts).
 */
export function listFields<F extends z.ZodRawShape>(own: F, sizes?: readonly number[]) {
  return z.object({
    page: listPage.optional(),
    rows: listRows(sizes).optional(),
    search: listSearch.optional(),
    ...own,
  });
}

/** The spec's table answer (content, records_count, empty_desc) plus the capped flag. */
export function tableAnswer<T extends z.ZodType>(row: T) {
  return z.object({
    content: z.array(row),
    records_count: z.number().int(),
    /** True when records_count stopped at the cap: there are more. */
    records_count_capped: z.boolean(),
    empty_desc: z.string(),
  });
}
export interface TableAnswer<T> {
  content: T[];
  records_count: number;
  records_count_capped: boolean;
  empty_desc: string;
}

/** What the pager reads, whatever the call's own field names. */
export interface ListPage<T> {
  rows: T[];
  page: number;
  rowsPerPage: number;
  /** Counted up to the cap. */
  total: number;
  /** The total stopped at the cap: there are more. */
  capped: boolean;
  /** What to say when there are no rows (spec: empty_desc); '' when the call does not say. */
  emptyDesc: string;
}

/** A table answer (entities, dashboard) as a ListPage. */
export function toListPage<T>(a: TableAnswer<T>, page: number, rowsPerPage: number): ListPage<T> {
  return {
    rows: a.content,
    page,
    rowsPerPage,
    total: a.records_count,
    capped: a.records_count_capped,
    emptyDesc: a.empty_desc,
  };
}

/** The job history's job_history_data (spec: dashboard-device-azure 7) as a ListPage. */
export function jobHistoryPage<T>(d: {
  rows: T[];
  page: number;
  rows_on_page: number;
  records_count: number;
  count_capped: boolean;
}): ListPage<T> {
  return {
    rows: d.rows,
    page: d.page,
    rowsPerPage: d.rows_on_page,
    total: d.records_count,
    capped: d.count_capped,
    emptyDesc: '',
  };
}

/** How many pages the pager offers: past a capped count, one more while the page is full. */
export function pageCount(p: Pick<ListPage<unknown>, 'rows' | 'page' | 'rowsPerPage' | 'total' | 'capped'>) {
  const counted = Math.max(1, Math.ceil(p.total / p.rowsPerPage));
  return p.capped && p.rows.length === p.rowsPerPage ? Math.max(counted, p.page + 1) : counted;
}

/** A total that stopped at the cap: `{ count, capped }` from a count of at most cap + 1 rows. */
export function capCount(n: number, cap = LIST_COUNT_CAP): { count: number; capped: boolean } {
  return n > cap ? { count: cap, capped: true } : { count: n, capped: false };
}
