import { ENTITY_PAGE_SIZES, TABLE_SEARCH_MAX } from '@lifeboat/contract';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { ListQuery } from './entitiesApi';

// A table's state lives in the url (STYLE 6; spec: 'Browser back/forward reloads the recorded tab
// url'): page, rows, search and filters, so back and forward restore the table as it was.

export interface TableUrlState {
  page: number;
  rows: number;
  search: string;
  filters: Record<string, string>;
  /** What POST /{entity}/data receives. */
  query: ListQuery;
  setPage: (page: number) => void;
  setRows: (rows: number) => void;
  /** Replaces the history entry: typing is not a step to go back to. */
  setSearch: (search: string) => void;
  setFilter: (key: string, value: string | null) => void;
  /** Back to the whole table: no search, no filters, first page. */
  clearAll: () => void;
}

const positive = (raw: string | null, fallback: number) => {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

export function useTableUrlState(filterKeys: readonly string[] = []): TableUrlState {
  const [params, setParams] = useSearchParams();
  const page = positive(params.get('page'), 1);
  const rowsRaw = positive(params.get('rows'), ENTITY_PAGE_SIZES[0]);
  const rows = (ENTITY_PAGE_SIZES as readonly number[]).includes(rowsRaw) ? rowsRaw : ENTITY_PAGE_SIZES[0];
  const search = (params.get('search') ?? '').slice(0, TABLE_SEARCH_MAX);
  const filterKey = filterKeys.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: filterKey stands for filterKeys
  const filters = useMemo(() => {
    const out: Record<string, string> = {};
    for (const k of filterKeys) {
      const v = params.get(k);
      if (v) out[k] = v;
    }
    return out;
  }, [params, filterKey]);
  const query = useMemo(() => ({ page, rows, search, ...filters }), [page, rows, search, filters]);

  const update = useCallback(
    (change: Record<string, string | null>, replace = false) =>
      setParams(
        (cur) => {
          const next = new URLSearchParams(cur);
          for (const [k, v] of Object.entries(change)) {
            if (v === null || v === '') next.delete(k);
            else next.set(k, v);
          }
          return next;
        },
        { replace },
      ),
    [setParams],
  );

  const setters = useMemo(
    () => ({
      setPage: (p: number) => update({ page: p > 1 ? String(p) : null }),
      setRows: (r: number) => update({ rows: r === ENTITY_PAGE_SIZES[0] ? null : String(r), page: null }),
      setSearch: (s: string) => update({ search: s || null, page: null }, true),
      setFilter: (k: string, v: string | null) => update({ [k]: v, page: null }),
      clearAll: () =>
        update(
          Object.fromEntries(['page', 'search', ...filterKey.split(',')].map((k) => [k, null] as const)),
        ),
    }),
    [update, filterKey],
  );
  return { page, rows, search, filters, query, ...setters };
}
