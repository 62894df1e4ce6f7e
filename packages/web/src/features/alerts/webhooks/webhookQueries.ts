import { webhookCalls } from '@lifeboat/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../api/call';

/** Query keys of a reseller's webhook endpoints and their delivery logs. */
export const webhookKeys = {
  all: ['webhooks'] as const,
  endpoints: (resellerId: number) => [...webhookKeys.all, 'reseller', resellerId] as const,
  log: (endpointId: number) => [...webhookKeys.all, 'endpoint', endpointId, 'log'] as const,
  logPage: (endpointId: number, page: number, rows: number) =>
    [...webhookKeys.log(endpointId), page, rows] as const,
};

export function useWebhookEndpoints(resellerId: number) {
  return useQuery({
    queryKey: webhookKeys.endpoints(resellerId),
    queryFn: ({ signal }) => call(webhookCalls.list, { params: { id: resellerId } }, { signal }),
  });
}
