import type {
  AgentInstallersData,
  AtAGlanceData,
  ClientHealthData,
  DashboardCountAnswer,
  DashboardFilterOption,
  DashboardOwner,
  DashboardPageData,
  DashboardTableAnswer,
  HealthHistoryData,
  QuickActionsData,
} from '@lifeboat/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';

// Query keys and calls of the dashboard area (spec: dashboard-device-azure 7 'Dashboard').
// Everything lives under ['dashboard'], so "refresh all" is one invalidation.

export interface TableState {
  page: number;
  rows: number;
  filters: Record<string, string[]>;
  search: string;
}

export const dashboardKeys = {
  all: ['dashboard'] as const,
  page: (owner: DashboardOwner, id: number) => [...dashboardKeys.all, 'page', owner, id] as const,
  card: (card: string, id: number) => [...dashboardKeys.all, 'card', card, id] as const,
  tables: () => [...dashboardKeys.all, 'table'] as const,
  table: (url: string, id: number, state: TableState) => [...dashboardKeys.tables(), url, id, state] as const,
  count: (url: string, id: number) => [...dashboardKeys.tables(), 'count', url, id] as const,
  values: (url: string) => [...dashboardKeys.all, 'values', url] as const,
  agents: (id: number) => [...dashboardKeys.all, 'agents', id] as const,
};

export function usePageData(owner: DashboardOwner, id: number) {
  const client = useQueryClient();
  return useQuery({
    queryKey: dashboardKeys.page(owner, id),
    queryFn: async () => {
      const page = await api<DashboardPageData>(`/${owner}/get_dashboard_page_data/${id}`);
      // The tables' first pages and counts start now, not after the tables have rendered.
      for (const block of [page.protected_system, page.appliance, page.vault]) {
        if (block === page.appliance && !page.has_appliances) continue;
        const first: TableState = { page: 1, rows: block.records_per_page_count, filters: {}, search: '' };
        void client.prefetchQuery(tableQuery(block.data_url, id, first));
        void client.prefetchQuery(countQuery(block.count_url, id));
      }
      return page;
    },
  });
}

const CARD_PATHS = {
  quick: 'get_quick_actions_data',
  glance: 'get_organization_at_a_glance_data',
  clientHealth: 'get_current_client_health',
  history: 'get_protected_system_health_history',
  feeds: 'get_collapsible_feeds',
} as const;

interface CardData {
  quick: QuickActionsData;
  glance: AtAGlanceData;
  clientHealth: ClientHealthData;
  history: HealthHistoryData;
  feeds: string;
}

export function useCard<K extends keyof CardData>(card: K, resellerId: number) {
  return useQuery({
    queryKey: dashboardKeys.card(card, resellerId),
    queryFn: () => api<CardData[K]>(`/reseller/${CARD_PATHS[card]}/${resellerId}`),
  });
}

function tableQuery<Row>(dataUrl: string, id: number, state: TableState) {
  return {
    queryKey: dashboardKeys.table(dataUrl, id, state),
    queryFn: ({ signal }: { signal?: AbortSignal }) =>
      api<DashboardTableAnswer<Row>>(`/${dataUrl}/${id}/${state.page}/${state.rows}`, {
        method: 'POST',
        form: {
          filters: JSON.stringify(state.filters),
          search: JSON.stringify({ value: state.search }),
        },
        signal,
      }),
  };
}

function countQuery(countUrl: string, id: number) {
  return {
    queryKey: dashboardKeys.count(countUrl, id),
    queryFn: () => api<DashboardCountAnswer>(`/${countUrl}/${id}`),
  };
}

export function useTable<Row>(dataUrl: string, id: number, state: TableState) {
  return useQuery({
    ...tableQuery<Row>(dataUrl, id, state),
    // The previous page stays on screen while the next one loads (STYLE 6).
    placeholderData: keepPreviousData,
  });
}

export function useCount(countUrl: string, id: number) {
  return useQuery(countQuery(countUrl, id));
}

export function useFilterValues(url: string, enabled: boolean) {
  return useQuery({
    queryKey: dashboardKeys.values(url),
    queryFn: () => api<{ options: DashboardFilterOption[] }>(`/${url}`),
    staleTime: 5 * 60_000,
    enabled,
  });
}

export function useAgentInstallers(resellerId: number, enabled: boolean) {
  return useQuery({
    queryKey: dashboardKeys.agents(resellerId),
    queryFn: () => api<AgentInstallersData>(`/reseller/agent_installers/${resellerId}`),
    enabled,
  });
}

export function useSaveRefreshRate(owner: DashboardOwner, id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (minutes: number) =>
      api<{ success: boolean; refresh_period: number }>(`/reseller/update_user_refresh_rate/${minutes}`, {
        method: 'POST',
      }),
    onSuccess: (answer) => {
      client.setQueryData<DashboardPageData>(dashboardKeys.page(owner, id), (old) =>
        old ? { ...old, refresh_period: answer.refresh_period } : old,
      );
    },
  });
}
