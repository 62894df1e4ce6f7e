import type { SessionResponse, SessionUser } from '@lifeboat/contract';
import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { createQueryClient } from '../api/queryClient';
import { sessionKeys } from '../session/session';
import { cssVariablesResolver, theme } from '../theme';

export const USERS = {
  distributor: { level: 3, organisationKind: 'distributor', isProvider: false },
  staff: { level: 2, organisationKind: 'provider', isProvider: true },
  reseller: { level: 1, organisationKind: 'reseller', isProvider: false },
  client: { level: 0, organisationKind: 'client', isProvider: false },
} as const satisfies Record<string, Pick<SessionUser, 'level' | 'organisationKind' | 'isProvider'>>;

export function makeUser(kind: keyof typeof USERS, overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: 7,
    name: 'Ada Lovelace',
    username: kind,
    organisationId: 42,
    organisationName: 'Northwind IT',
    ...USERS[kind],
    ...overrides,
  };
}

interface RenderOptions {
  path: string;
  routes: RouteObject[];
  session?: SessionResponse | null;
  queryClient?: QueryClient;
}

/** Renders routes in a memory router with the app's providers and an optional session. */
export function renderRoutes({ path, routes, session, queryClient = createQueryClient() }: RenderOptions) {
  if (session !== undefined) queryClient.setQueryData(sessionKeys.current(), session);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...result, router, queryClient };
}
