import { roleCalls } from '@lifeboat/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/call';

/** Query keys of the custom roles (docs/decisions.md 'Roles'). */
export const roleKeys = {
  all: ['roles'] as const,
  list: () => [...roleKeys.all, 'list'] as const,
  forOrganisation: (id: number) => [...roleKeys.all, 'organisation', id] as const,
};

/** Every custom role in scope, with how many users have each. */
export function useRoles() {
  return useQuery({
    queryKey: roleKeys.list(),
    queryFn: ({ signal }) => call(roleCalls.list, {}, { signal }),
  });
}

/** The custom roles a user of the organisation may have (its own and its reseller's). */
export function useRolesFor(organisationId: number | null, enabled: boolean) {
  return useQuery({
    queryKey: roleKeys.forOrganisation(organisationId ?? 0),
    queryFn: ({ signal }) =>
      call(roleCalls.forOrganisation, { params: { id: organisationId ?? 0 } }, { signal }),
    enabled: enabled && organisationId !== null && organisationId > 0,
  });
}
