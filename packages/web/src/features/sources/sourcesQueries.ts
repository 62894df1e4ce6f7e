import { sourceCalls } from '@lifeboat/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/call';

/** Query keys of a client's backup sources (issue 25.4). */
export const sourceKeys = {
  all: ['sources'] as const,
  client: (clientId: number) => [...sourceKeys.all, 'client', clientId] as const,
};

/** The client's sources; polled while a sync is under way, so its sentence appears when it ends. */
export function useClientSources(clientId: number) {
  return useQuery({
    queryKey: sourceKeys.client(clientId),
    queryFn: ({ signal }) => call(sourceCalls.list, { params: { id: clientId } }, { signal }),
    refetchInterval: (q) => (q.state.data?.sources.some((s) => s.sync_operation_id !== null) ? 2000 : false),
  });
}
