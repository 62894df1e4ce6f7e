import {
  type InventoryAnswer,
  type InventoryPage,
  type InventoryType,
  type OperationStatusAnswer,
  VIRTUALIZED_REFRESH_MS,
  type VmAction,
  type VmActionAnswer,
} from '@lifeboat/contract';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';

// The inventory's server data lives in the query cache only (STYLE 7): keys per area.

export interface InventoryFilter {
  resellerId?: number;
  clientId?: number;
}

export const inventoryKeys = {
  all: ['inventory'] as const,
  summary: (f: InventoryFilter) => [...inventoryKeys.all, 'summary', f] as const,
  rows: (f: InventoryFilter, type: InventoryType, search: string) =>
    [...inventoryKeys.all, 'rows', f, type, search] as const,
};

const scopeQuery = (f: InventoryFilter) => ({ reseller_id: f.resellerId, client_id: f.clientId });

/** spec: inventory 2, virtualized rows come from the summary urls; the others from our list call. */
export function listPath(type: InventoryType): string {
  if (type === 'VIRTUALIZED') return '/device/device_summary/1';
  if (type === 'VAULT_VIRTUALIZED') return '/device/vault_virtualized_device_summary';
  return `/devices/inventory/${type}`;
}

export function useInventorySummary(f: InventoryFilter) {
  return useQuery({
    queryKey: inventoryKeys.summary(f),
    queryFn: ({ signal }) => api<InventoryAnswer>('/devices/inventory', { query: scopeQuery(f), signal }),
    staleTime: 10_000,
  });
}

/** The rows of a tab, 40 per page as the user scrolls; virtualized tabs refresh every 5 s. */
export function useInventoryRows(f: InventoryFilter, type: InventoryType, search: string, live: boolean) {
  return useInfiniteQuery({
    queryKey: inventoryKeys.rows(f, type, search),
    queryFn: ({ pageParam, signal }) =>
      api<InventoryPage>(listPath(type), {
        query: { ...scopeQuery(f), search: search || undefined, after: pageParam ?? undefined },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
    // While a search is typed the previous rows stay; a new tab starts from its skeleton.
    placeholderData: (prev, prevQuery) => (prevQuery?.queryKey[3] === type ? prev : undefined),
    refetchInterval: live ? VIRTUALIZED_REFRESH_MS : false,
    staleTime: live ? 0 : 30_000,
  });
}

export function postVmAction(action: VmAction, id: number): Promise<VmActionAnswer> {
  return api<VmActionAnswer>(`/devices/${action}`, { form: { id } });
}

export function fetchOperation(id: number): Promise<OperationStatusAnswer> {
  return api<OperationStatusAnswer>(`/api/operations/${id}`);
}

/** The CSV of a tab: a plain link (navigation), so the browser downloads it itself. */
export function downloadHref(f: InventoryFilter, type: InventoryType): string {
  const q = new URLSearchParams({ type });
  if (f.resellerId) q.set('reseller_id', String(f.resellerId));
  if (f.clientId) q.set('client_id', String(f.clientId));
  return `/devices/download?${q.toString()}`;
}
