import {
  type CallAnswer,
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
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { call, callText } from '../../api/call';
import { SUMMARY_ROOT } from '../../api/queryClient';
import { useListQuery } from '../../components/lists/useListQuery';
import { TABLE_PREFIX } from './tableOptions';

// Query keys and calls of the dashboard area (spec: dashboard-device-azure 7 'Dashboard').
// Everything lives under ['dashboard'], so "refresh all" is one invalidation.

const c = dashboardCalls;

export interface TableState {
  page: number;
  rows: number;
  filters: Record<string, string[]>;
  search: string;
  sort: ListSort;
}

export const dashboardKeys = {
  all: SUMMARY_ROOT,
  page: (owner: DashboardOwner, id: number) => [...dashboardKeys.all, 'page', owner, id] as const,
  card: (card: string, id: number) => [...dashboardKeys.all, 'card', card, id] as const,
  tables: () => [...dashboardKeys.all, 'table'] as const,
  table: (owner: DashboardOwner, table: DashboardTable, id: number, state: TableState) =>
    [...dashboardKeys.tables(), owner, table, id, state] as const,
  count: (owner: DashboardOwner, table: DashboardTable, id: number) =>
    [...dashboardKeys.tables(), 'count', owner, table, id] as const,
  values: (owner: DashboardOwner, table: DashboardTable, key: string, id: number) =>
    [...dashboardKeys.all, 'values', owner, table, key, id] as const,
  agents: (id: number) => [...dashboardKeys.all, 'agents', id] as const,
};

/** A table's first page as a fresh visit shows it (no filter, search or sort in the url). */
function firstPage(): TableState {
  return { page: 1, rows: TABLE_ROWS_DEFAULT, filters: {}, search: '', sort: DASHBOARD_DEFAULT_SORT };
}

const TABLES: readonly DashboardTable[] = ['protected_systems', 'appliances', 'vaults'];

function pageQuery(owner: DashboardOwner, id: number, client: QueryClient) {
  return {
    queryKey: dashboardKeys.page(owner, id),
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
    void client.prefetchQuery(tableQuery(owner, table, id, firstPage()));
    void client.prefetchQuery(countQuery(owner, table, id));
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
  for (const card of CARDS) void client.prefetchQuery(cardQuery(card, resellerId));
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

const CARD_CALLS = {
  quick: c.quickActions,
  glance: c.atAGlance,
  clientHealth: c.clientHealth,
  history: c.healthHistory,
} as const;
type JsonCard = keyof typeof CARD_CALLS;

type CardData = { [K in JsonCard]: CallAnswer<(typeof CARD_CALLS)[K]> } & {
  /** Block 5 answers HTML (spec 7). */
  feeds: string;
};

const CARDS: readonly (keyof CardData)[] = ['quick', 'glance', 'clientHealth', 'history', 'feeds'];

function cardQuery<K extends keyof CardData>(card: K, resellerId: number) {
  const params = { id: resellerId };
  return {
    queryKey: dashboardKeys.card(card, resellerId),
    queryFn: () =>
      (card === 'feeds'
        ? callText(c.feeds, { params })
        : call(CARD_CALLS[card as JsonCard], { params })) as Promise<CardData[K]>,
  };
}

export function useCard<K extends keyof CardData>(card: K, resellerId: number) {
  return useQuery(cardQuery(card, resellerId));
}

function tableQuery<Row>(owner: DashboardOwner, table: DashboardTable, id: number, state: TableState) {
  return {
    queryKey: dashboardKeys.table(owner, table, id, state),
    queryFn: ({ signal }: { signal?: AbortSignal }) =>
      // Each table's declaration has its own row schema; the caller names the row it renders.
      call(
        c.owner[owner].table[table],
        {
          params: { id, page: state.page, rows: state.rows },
          form: {
            filters: JSON.stringify(state.filters),
            search: JSON.stringify({ value: state.search }),
            // Checked against DASHBOARD_SORTS by the table's body schema.
            sort: state.sort.column as never,
            dir: state.sort.dir satisfies SortDirection,
          },
        },
        { signal },
      ) as Promise<DashboardTableAnswer<Row>>,
  };
}

function countQuery(owner: DashboardOwner, table: DashboardTable, id: number) {
  return {
    queryKey: dashboardKeys.count(owner, table, id),
    queryFn: () => call(c.owner[owner].count[table], { params: { id } }),
  };
}

export function useTable<Row>(owner: DashboardOwner, table: DashboardTable, id: number, state: TableState) {
  const q = tableQuery<Row>(owner, table, id, state);
  return useListQuery({
    queryKey: q.queryKey,
    queryFn: (signal) => q.queryFn({ signal }),
    toPage: (a: DashboardTableAnswer<Row>) => toListPage(a, state.page, state.rows),
  });
}

export function useCount(owner: DashboardOwner, table: DashboardTable, id: number) {
  return useQuery(countQuery(owner, table, id));
}

/** A filter's options (spec 3: the filter's loadValuesUrl, which is this declared call). */
export function useFilterValues(
  owner: DashboardOwner,
  table: DashboardTable,
  key: string,
  id: number,
  enabled: boolean,
) {
  return useQuery({
    queryKey: dashboardKeys.values(owner, table, key, id),
    queryFn: () => call(c.owner[owner].filterValues[table], { params: { key, id } }),
    staleTime: 5 * 60_000,
    enabled,
  });
}

export function useAgentInstallers(resellerId: number, enabled: boolean) {
  return useQuery({
    queryKey: dashboardKeys.agents(resellerId),
    queryFn: () => call(c.agentInstallers, { params: { id: resellerId } }),
    enabled,
  });
}

export function useSaveRefreshRate(owner: DashboardOwner, id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (minutes: number) => call(c.updateRefreshRate, { params: { minutes } }),
    onSuccess: (answer) => {
      client.setQueryData<DashboardPageData>(dashboardKeys.page(owner, id), (old) =>
        old ? { ...old, refresh_period: answer.refresh_period } : old,
      );
    },
  });
}
