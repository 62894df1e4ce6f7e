import {
  type InventoryListQuery,
  type InventoryType,
  inventoryCalls,
  VIRTUALIZED_REFRESH_MS,
  type VmAction,
} from '@lifeboat/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { call, callUrl } from '../../api/call';
import { callKey } from '../../api/useCall';

// The inventory's server data lives in the query cache only (STYLE 7), keyed by its calls.

export interface InventoryFilter {
  resellerId?: number;
  clientId?: number;
}

const idText = (id: number | undefined) => (id === undefined ? undefined : String(id));
export const scopeQuery = (f: InventoryFilter) => ({
  reseller_id: idText(f.resellerId),
  client_id: idText(f.clientId),
});

/** spec: inventory 2, virtualized rows come from the summary calls; the others from our list call. */
const rowsCall = (type: InventoryType) =>
  type === 'VIRTUALIZED'
    ? inventoryCalls.virtualized
    : type === 'VAULT_VIRTUALIZED'
      ? inventoryCalls.vaultVirtualized
      : inventoryCalls.list;

function fetchRows(type: InventoryType, query: InventoryListQuery, signal: AbortSignal) {
  if (type === 'VIRTUALIZED') return call(inventoryCalls.virtualized, { query }, { signal });
  if (type === 'VAULT_VIRTUALIZED') return call(inventoryCalls.vaultVirtualized, { query }, { signal });
  return call(inventoryCalls.list, { params: { type }, query }, { signal });
}

/** The rows of a tab, 40 per page as the user scrolls; virtualized tabs refresh every 5 s. */
export function useInventoryRows(f: InventoryFilter, type: InventoryType, search: string, live: boolean) {
  const [area, name] = callKey(rowsCall(type));
  return useInfiniteQuery({
    // Keyed like useCall's (area, METHOD path, input), as pages.
    queryKey: [area, name, { type, f, search }, 'pages'] as const,
    queryFn: ({ pageParam, signal }) =>
      fetchRows(
        type,
        { ...scopeQuery(f), search: search || undefined, after: pageParam ?? undefined },
        signal,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
    // While a search is typed the previous rows stay; a new tab starts from its skeleton.
    placeholderData: (prev, prevQuery) => (prevQuery?.queryKey[2].type === type ? prev : undefined),
    refetchInterval: live ? VIRTUALIZED_REFRESH_MS : false,
    staleTime: live ? 0 : 30_000,
  });
}

export function postVmAction(action: VmAction, id: number) {
  return call(inventoryCalls.vmAction, { params: { action }, form: { id } });
}

/** The CSV of a tab: a plain link (navigation), so the browser downloads it itself. */
export function downloadHref(f: InventoryFilter, type: InventoryType): string {
  return callUrl(inventoryCalls.download, undefined, {
    type,
    reseller_id: f.resellerId || undefined,
    client_id: f.clientId || undefined,
  });
}
