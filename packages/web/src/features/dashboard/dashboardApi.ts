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
  toListPage,
} from '@lifeboat/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, callText } from '../../api/call';
import { SUMMARY_ROOT } from '../../api/queryClient';
import { useListQuery } from '../../components/lists/useListQuery';

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

export function usePageData(owner: DashboardOwner, id: number) {
  const client = useQueryClient();
  return useQuery({
    queryKey: dashboardKeys.page(owner, id),
    queryFn: async () => {
      const page = await call(c.owner[owner].pageData, { params: { id } });
      // The tables' first pages and counts start now, not after the tables have rendered.
      const blocks = [
        ['protected_systems', page.protected_system],
        ['appliances', page.appliance],
        ['vaults', page.vault],
      ] as const;
      for (const [table, block] of blocks) {
        if (table === 'appliances' && !page.has_appliances) continue;
        const first: TableState = {
          page: 1,
          rows: block.records_per_page_count,
          filters: {},
          search: '',
          sort: DASHBOARD_DEFAULT_SORT,
        };
        void client.prefetchQuery(tableQuery(owner, table, id, first));
        void client.prefetchQuery(countQuery(owner, table, id));
      }
      return page;
    },
  });
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

export function useCard<K extends keyof CardData>(card: K, resellerId: number) {
  const params = { id: resellerId };
  return useQuery({
    queryKey: dashboardKeys.card(card, resellerId),
    queryFn: () =>
      (card === 'feeds'
        ? callText(c.feeds, { params })
        : call(CARD_CALLS[card as JsonCard], { params })) as Promise<CardData[K]>,
  });
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
