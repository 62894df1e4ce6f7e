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
  return useQuery({
    queryKey: dashboardKeys.page(owner, id),
    queryFn: () => api<DashboardPageData>(`/${owner}/get_dashboard_page_data/${id}`),
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

export function useTable<Row>(dataUrl: string, id: number, state: TableState) {
  return useQuery({
    queryKey: dashboardKeys.table(dataUrl, id, state),
    queryFn: ({ signal }) =>
      api<DashboardTableAnswer<Row>>(`/${dataUrl}/${id}/${state.page}/${state.rows}`, {
        method: 'POST',
        form: {
          filters: JSON.stringify(state.filters),
          search: JSON.stringify({ value: state.search }),
        },
        signal,
      }),
    // The previous page stays on screen while the next one loads (STYLE 6).
    placeholderData: keepPreviousData,
  });
}

export function useCount(countUrl: string, id: number) {
  return useQuery({
    queryKey: dashboardKeys.count(countUrl, id),
    queryFn: () => api<DashboardCountAnswer>(`/${countUrl}/${id}`),
  });
}

/** A filter's options, fetched when first needed (its dropdown opens or it holds a value). */
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
