import {
  type CallInput,
  DASHBOARD_DEFAULT_SORT,
  type DashboardOwner,
  type DashboardPageData,
  type DashboardTable,
  type DashboardTableAnswer,
  dashboardCalls,
  type ListSort,
  type SortDirection,
  TABLE_ROWS_DEFAULT,
  toListPage,
} from '@lifeboat/contract';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { call, callText } from '../../api/call';
import { callKey, callQuery, type Stale, useCallList } from '../../api/useCall';
import { TABLE_PREFIX } from './tableOptions';

// The dashboard's reads that need more than useCall (spec: dashboard-device-azure 7 'Dashboard'):
// the first paint's prefetch, a table's state as its call's input, the HTML feeds. Every answer
// is cached under its callKey, in the 'dashboard' area, so "refresh all" is one invalidation.

const c = dashboardCalls;

export interface TableState {
  page: number;
  rows: number;
  filters: Record<string, string[]>;
  search: string;
  sort: ListSort;
}

/** A table's first page as a fresh visit shows it (no filter, search or sort in the url). */
function firstPage(): TableState {
  return { page: 1, rows: TABLE_ROWS_DEFAULT, filters: {}, search: '', sort: DASHBOARD_DEFAULT_SORT };
}

const TABLES: readonly DashboardTable[] = ['protected_systems', 'appliances', 'vaults'];

function pageQuery(owner: DashboardOwner, id: number, client: QueryClient) {
  return {
    queryKey: callKey(c.owner[owner].pageData, { params: { id } }),
    queryFn: async () => {
      const page = await call(c.owner[owner].pageData, { params: { id } });
      // Tables not yet on their way (another organisation's page, which may not exist, waits
      // for its page data) start now, not after the tables have rendered.
      prefetchTables(client, owner, id, page);
      return page;
    },
  };
}

/**
 * The tables' first pages and counts. Their rows per page are the contract's
 * (TABLE_ROWS_DEFAULT), so they need nothing from the page data but whether there are
 * appliances: without the page data the appliance table is asked for too (an owner without
 * appliances pays one small empty answer; docs/decisions.md, 'Dashboard's first paint').
 * A table whose state the url holds (a link to page 3, a search) loads its own page.
 * Pages already cached or on their way are not asked again.
 */
export function prefetchTables(
  client: QueryClient,
  owner: DashboardOwner,
  id: number,
  page?: DashboardPageData,
  search: URLSearchParams = new URLSearchParams(),
): void {
  for (const table of TABLES) {
    if (table === 'appliances' && page && !page.has_appliances) continue;
    const prefix = `${TABLE_PREFIX[table]}.`;
    if ([...search.keys()].some((k) => k.startsWith(prefix))) continue;
    void client.prefetchQuery(callQuery(tableCall(owner, table), tableInput(id, firstPage())));
    void client.prefetchQuery(callQuery(c.owner[owner].count[table], { params: { id } }));
  }
}

/**
 * Every call the reseller's own dashboard draws its blocks from, at once (spec
 * dashboard-device-azure 2.2): the page data, the tables' first pages and counts, the cards and
 * the feeds. Called with the sign-in's answer, so the data is on its way while the page's code
 * still loads; the page itself calls it too (a reload, a link), and what is cached or on its
 * way is not asked again.
 */
export function prefetchOwnDashboard(
  client: QueryClient,
  resellerId: number,
  search?: URLSearchParams,
): void {
  void client.prefetchQuery(pageQuery('reseller', resellerId, client));
  prefetchTables(client, 'reseller', resellerId, undefined, search);
  const params = { id: resellerId };
  for (const card of [c.quickActions, c.atAGlance, c.clientHealth, c.healthHistory])
    void client.prefetchQuery(callQuery(card, { params }));
  void client.prefetchQuery(feedsQuery(resellerId));
}

/**
 * The page data. Another organisation's tables wait for it (a reseller that does not exist, or
 * is out of reach, is a not-found page without a dozen failing calls); the user's own
 * organisation exists, so its tables and cards start beside it (`own`).
 */
export function usePageData(owner: DashboardOwner, id: number, own = false) {
  const client = useQueryClient();
  const [search] = useSearchParams();
  // The url as the page opened: later changes are the tables' own (their state is in it).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the url is read once per owner
  useEffect(() => {
    if (own && owner === 'reseller') prefetchOwnDashboard(client, id, search);
  }, [client, owner, id, own]);
  return useQuery(pageQuery(owner, id, client));
}

/** Block 5's feeds: the only card answering HTML, not JSON (spec 7), so read with callText. */
function feedsQuery(resellerId: number) {
  const params = { id: resellerId };
  return {
    queryKey: callKey(c.feeds, { params }),
    queryFn: ({ signal }: { signal?: AbortSignal }) => callText(c.feeds, { params }, { signal }),
  };
}

export function useFeeds(resellerId: number) {
  return useQuery(feedsQuery(resellerId));
}

/** Each table's declaration has its own row schema; the tables share their input. */
type TableCall = typeof c.owner.reseller.table.protected_systems;
const tableCall = (owner: DashboardOwner, table: DashboardTable) =>
  c.owner[owner].table[table] as unknown as TableCall;

/** A table's state as its call's input (spec 7: POST /{data_url}). */
function tableInput(id: number, state: TableState): CallInput<TableCall> {
  return {
    params: { id, page: state.page, rows: state.rows },
    form: {
      filters: JSON.stringify(state.filters),
      search: JSON.stringify({ value: state.search }),
      sort: state.sort.column,
      dir: state.sort.dir satisfies SortDirection,
    },
  } as CallInput<TableCall>;
}

/** A page of a table; the caller names the row it renders. */
export function useTable<Row>(owner: DashboardOwner, table: DashboardTable, id: number, state: TableState) {
  return useCallList(tableCall(owner, table), tableInput(id, state), (a) =>
    toListPage(a as DashboardTableAnswer<Row>, state.page, state.rows),
  );
}

/** What "the tables reload" reads again (spec 4 'Quick filters'): every table and count. */
export const TABLE_CALLS: readonly Stale[] = (['reseller', 'client'] as const).flatMap((o) => [
  ...Object.values(c.owner[o].table),
  ...Object.values(c.owner[o].count),
]);
