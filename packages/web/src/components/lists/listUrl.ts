import { LIST_PAGE_MAX, LIST_PAGE_SIZES, type ListSort, TABLE_SEARCH_MAX } from '@lifeboat/contract';

// A table's state in the url's search params (STYLE 6; spec: 'Browser back/forward reloads the
// recorded tab url'): page, rows, search, sort, dir and the filters, each under the table's
// prefix when a page has several tables ("ps.page"). Defaults are left out, so a plain link is
// the first page of the whole table. Pure, for useListState and its tests.

export interface ListOptions {
  /** The table's keys are `${prefix}.page` etc. when a page shows several tables. */
  prefix?: string;
  /** Filter keys kept in the url; a key may repeat (several values). */
  filterKeys?: readonly string[];
  /** Rows per page offered; the first is the default. */
  sizes?: readonly number[];
  /** Columns the server sorts by (the call's whitelist); none: the table does not sort. */
  sortable?: readonly string[];
  defaultSort?: ListSort;
}

export interface ListValues {
  page: number;
  rows: number;
  search: string;
  /** null when the table does not sort. */
  sort: ListSort | null;
  /** Key -> values; keys without a value are absent. */
  filters: Record<string, string[]>;
}

export type ListChange = Partial<{
  page: number;
  rows: number;
  search: string;
  sort: ListSort;
  filters: Record<string, string | readonly string[] | null>;
}>;

export const keyOf = (o: ListOptions, name: string) => (o.prefix ? `${o.prefix}.${name}` : name);

const whole = (raw: string | null, min: number, max: number): number | null => {
  if (raw === null || !/^\d{1,9}$/.test(raw)) return null;
  const n = Number(raw);
  return n >= min && n <= max ? n : null;
};

/** The state a url says, every value checked: anything odd falls back to the default. */
export function readList(params: URLSearchParams, o: ListOptions): ListValues {
  const sizes = o.sizes ?? LIST_PAGE_SIZES;
  const rowsAsked = whole(params.get(keyOf(o, 'rows')), 1, Number.MAX_SAFE_INTEGER);
  const rows = rowsAsked !== null && sizes.includes(rowsAsked) ? rowsAsked : (sizes[0] ?? 10);
  const search = (params.get(keyOf(o, 'search')) ?? '').slice(0, TABLE_SEARCH_MAX);
  let sort: ListSort | null = null;
  if (o.sortable?.length) {
    const fallback = o.defaultSort ?? { column: o.sortable[0] as string, dir: 'asc' };
    const column = params.get(keyOf(o, 'sort'));
    const dir = params.get(keyOf(o, 'dir'));
    sort = {
      column: column && o.sortable.includes(column) ? column : fallback.column,
      dir: dir === 'asc' || dir === 'desc' ? dir : fallback.dir,
    };
  }
  const filters: Record<string, string[]> = {};
  for (const k of o.filterKeys ?? []) {
    const values = params.getAll(keyOf(o, k)).filter((v) => v !== '');
    if (values.length) filters[k] = values;
  }
  return { page: whole(params.get(keyOf(o, 'page')), 1, LIST_PAGE_MAX) ?? 1, rows, search, sort, filters };
}

/**
 * The url after a change. A new search, filter, sort or page size starts again from the first
 * page; values equal to the defaults are dropped; other params (other tables') are kept.
 */
export function writeList(params: URLSearchParams, o: ListOptions, change: ListChange): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (name: string, value: string | null) => {
    if (value === null || value === '') next.delete(keyOf(o, name));
    else next.set(keyOf(o, name), value);
  };
  const restart =
    change.rows !== undefined ||
    change.search !== undefined ||
    change.sort !== undefined ||
    change.filters !== undefined;
  if (change.page !== undefined) set('page', change.page > 1 ? String(change.page) : null);
  else if (restart) set('page', null);
  if (change.rows !== undefined) {
    set('rows', change.rows === (o.sizes ?? LIST_PAGE_SIZES)[0] ? null : String(change.rows));
  }
  if (change.search !== undefined) set('search', change.search.trim() || null);
  if (change.sort !== undefined && o.sortable?.length) {
    const d = o.defaultSort ?? { column: o.sortable[0] as string, dir: 'asc' };
    set('sort', change.sort.column === d.column ? null : change.sort.column);
    set('dir', change.sort.dir === d.dir ? null : change.sort.dir);
  }
  for (const [k, v] of Object.entries(change.filters ?? {})) {
    next.delete(keyOf(o, k));
    const values = v === null ? [] : typeof v === 'string' ? [v] : v;
    for (const one of values) if (one !== '') next.append(keyOf(o, k), one);
  }
  return next;
}

/** Clicking a header: the sorted column flips its direction, another column starts ascending. */
export function nextSort(current: ListSort | null, column: string): ListSort {
  if (current?.column === column) return { column, dir: current.dir === 'asc' ? 'desc' : 'asc' };
  return { column, dir: 'asc' };
}

/** The whole table again: no search, no filters, first page (rows per page and sort stay). */
export function clearList(params: URLSearchParams, o: ListOptions): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of ['page', 'search', ...(o.filterKeys ?? [])]) next.delete(keyOf(o, name));
  return next;
}
