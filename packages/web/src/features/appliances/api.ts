import { applianceCalls, type PlacedSystemRow, toListPage } from '@lifeboat/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/call';
import { useListQuery } from '../../components/lists/useListQuery';

// Query keys and calls of the appliance and vault pages (issue 18.8).

const c = applianceCalls;
export type Placement = 'appliance' | 'vault';

export const applianceKeys = {
  all: ['appliances'] as const,
  details: (kind: Placement, id: number) => [...applianceKeys.all, kind, id] as const,
  systems: (kind: Placement, id: number, page: number, rows: number, search: string) =>
    [...applianceKeys.all, kind, id, 'systems', page, rows, search] as const,
};

export function useApplianceDetails(id: number) {
  return useQuery({
    queryKey: applianceKeys.details('appliance', id),
    queryFn: ({ signal }) => call(c.details, { params: { id } }, { signal }),
  });
}

export function useVaultDetails(id: number) {
  return useQuery({
    queryKey: applianceKeys.details('vault', id),
    queryFn: ({ signal }) => call(c.vaultDetails, { params: { id } }, { signal }),
  });
}

/** A page of the systems behind an appliance or stored in a vault; only once the page loaded. */
export function usePlacedSystems(
  kind: Placement,
  id: number,
  q: { page: number; rows: number; search: string },
  enabled: boolean,
) {
  return useListQuery({
    queryKey: applianceKeys.systems(kind, id, q.page, q.rows, q.search),
    queryFn: (signal) =>
      call(
        kind === 'appliance' ? c.systems : c.vaultSystems,
        { params: { id }, query: { page: q.page, rows: q.rows, search: q.search || undefined } },
        { signal },
      ),
    toPage: (a) => toListPage<PlacedSystemRow>(a, q.page, q.rows),
    enabled,
  });
}
