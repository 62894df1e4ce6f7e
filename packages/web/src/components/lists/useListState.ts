import type { ListSort } from '@lifeboat/contract';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  clearList,
  type ListChange,
  type ListOptions,
  type ListValues,
  nextSort,
  readList,
  writeList,
} from './listUrl';

// One table's state, kept in the url (listUrl.ts) so back and forward, a reload or a shared link
// show the table as it was.

export interface ListState extends ListValues {
  /** The first value of a filter, '' for none (tables whose filters take one value). */
  filter: (key: string) => string;
  /** Search, a filter or a later page: the table shows less than everything. */
  narrowed: boolean;
  setPage: (page: number) => void;
  setRows: (rows: number) => void;
  /** Replaces the history entry: typing is not a step to go back to. */
  setSearch: (search: string) => void;
  /** A header click: flips the sorted column, or sorts by another ascending. */
  toggleSort: (column: string) => void;
  setSort: (sort: ListSort) => void;
  setFilter: (key: string, value: string | readonly string[] | null) => void;
  /** Several filters at once (one history entry). */
  setFilters: (change: Record<string, string | readonly string[] | null>) => void;
  /** Back to the whole table: no search, no filters, first page. */
  clearAll: () => void;
}

/** Options are read on every render: pass constants (module-level arrays), not fresh literals. */
export function useListState(options: ListOptions = {}): ListState {
  const [params, setParams] = useSearchParams();
  const { prefix, filterKeys, sizes, sortable, defaultSort } = options;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the options' parts are the dependencies
  const o = useMemo<ListOptions>(
    () => ({ prefix, filterKeys, sizes, sortable, defaultSort }),
    [
      prefix,
      filterKeys?.join(','),
      sizes?.join(','),
      sortable?.join(','),
      defaultSort?.column,
      defaultSort?.dir,
    ],
  );
  const paramsKey = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: paramsKey stands for params
  const values = useMemo(() => readList(params, o), [paramsKey, o]);

  const change = useCallback(
    (c: ListChange, replace = false) => setParams((cur) => writeList(cur, o, c), { replace }),
    [setParams, o],
  );
  const setters = useMemo(
    () => ({
      setPage: (page: number) => change({ page }),
      setRows: (rows: number) => change({ rows }),
      setSearch: (search: string) => change({ search }, true),
      setSort: (sort: ListSort) => change({ sort }),
      setFilter: (key: string, value: string | readonly string[] | null) =>
        change({ filters: { [key]: value } }),
      setFilters: (filters: Record<string, string | readonly string[] | null>) => change({ filters }),
      clearAll: () => setParams((cur) => clearList(cur, o)),
    }),
    [change, setParams, o],
  );
  const toggleSort = useCallback(
    (column: string) => change({ sort: nextSort(values.sort, column) }),
    [change, values.sort],
  );
  return useMemo(
    () => ({
      ...values,
      ...setters,
      toggleSort,
      filter: (key: string) => values.filters[key]?.[0] ?? '',
      narrowed: values.search !== '' || Object.keys(values.filters).length > 0 || values.page > 1,
    }),
    [values, setters, toggleSort],
  );
}
