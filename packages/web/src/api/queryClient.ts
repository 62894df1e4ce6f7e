import { MutationCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './client';

// Retrying a 4xx answer cannot change it; network failures and 5xx answers get two more tries.
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/**
 * The root key of the dashboard's cards and tables: figures that sum up what other pages change.
 * Every successful write, and every long operation that ends (useOperation), marks them stale,
 * so a dashboard shown after a restore, a share or a failover reads them again instead of
 * showing the cached figures until a reload.
 */
export const SUMMARY_ROOT = ['dashboard'] as const;

/**
 * The same for a summary whose key lives in its own area: the activity feeds the dashboard shows
 * (local and cloud shares, FTPS exports, Azure jobs), which a restore started elsewhere changes.
 */
export const SUMMARY_META = { summary: true } as const;

export function markSummariesStale(client: QueryClient): void {
  void client.invalidateQueries({
    predicate: (q) => q.queryKey[0] === SUMMARY_ROOT[0] || q.meta?.summary === true,
  });
}

export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
    mutationCache: new MutationCache({ onSuccess: () => markSummariesStale(client) }),
  });
  return client;
}
