import type { ListPage } from '@lifeboat/contract';
import { keepPreviousData, type QueryKey, useQuery } from '@tanstack/react-query';

interface ListQueryOptions<A, T> {
  queryKey: QueryKey;
  /** The declared call; the cache keeps its answer as the wire has it. */
  queryFn: (signal: AbortSignal) => Promise<A>;
  /** The call's answer as the pager's page (contract lists.ts: toListPage, jobHistoryPage). */
  toPage: (answer: A) => ListPage<T>;
  enabled?: boolean;
  refetchInterval?: number | false;
}

/** One page of a table: the previous page stays on screen while the next loads (STYLE 6). */
export function useListQuery<A, T>({
  queryKey,
  queryFn,
  toPage,
  enabled,
  refetchInterval,
}: ListQueryOptions<A, T>) {
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => queryFn(signal),
    select: toPage,
    placeholderData: keepPreviousData,
    enabled,
    refetchInterval,
  });
}
