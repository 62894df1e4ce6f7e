import { roleCalls } from '@lifeboat/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/call';
import { entityKeys } from '../entities/entitiesApi';

/**
 * Query keys of the custom roles (docs/decisions.md 'Roles'): under the entities' keys, so a
 * user's save or delete refreshes how many users have each role.
 */
export const roleKeys = {
  all: [...entityKeys.all, 'roles'] as const,
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
