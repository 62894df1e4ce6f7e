import { securityCalls } from '@lifeboat/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/call';

/** Query keys of the security area. */
export const securityKeys = {
  all: ['security'] as const,
  mfa: () => [...securityKeys.all, 'mfa'] as const,
  reminder: () => [...securityKeys.all, 'reminder'] as const,
  audit: (q: unknown) => [...securityKeys.all, 'audit', q] as const,
  apiKeys: () => [...securityKeys.all, 'apiKeys'] as const,
};

export function useMfaStatus() {
  return useQuery({
    queryKey: securityKeys.mfa(),
    queryFn: ({ signal }) => call(securityCalls.mfaStatus, {}, { signal }),
    staleTime: 60_000,
  });
}

/** The page where a user sets MFA up or turns it off. */
export const SECURITY_PATH = '/account/security';
