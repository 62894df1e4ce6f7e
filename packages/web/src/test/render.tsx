import { ORG_GRANTS, rightsOf, type SessionResponse, type SessionUser } from '@lifeboat/contract';
import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import {
  type Location,
  MemoryRouter,
  type NavigateFunction,
  type RouteObject,
  useLocation,
  useNavigate,
  useRoutes,
} from 'react-router';
import { createQueryClient } from '../api/queryClient';
import { sessionKeys } from '../session/session';
import { cssVariablesResolver, theme } from '../theme';

export const USERS = {
  distributor: { level: 3, organisationKind: 'distributor', isProvider: false },
  staff: { level: 2, organisationKind: 'provider', isProvider: true },
  reseller: { level: 1, organisationKind: 'reseller', isProvider: false },
  client: { level: 0, organisationKind: 'client', isProvider: false },
} as const satisfies Record<string, Pick<SessionUser, 'level' | 'organisationKind' | 'isProvider'>>;

/** Every grant on: the user holds every right of its level (rights.ts). */
const GRANTED = Object.fromEntries(ORG_GRANTS.map((g) => [g, 1]));

export function makeUser(kind: keyof typeof USERS, overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    rights: rightsOf({ ...USERS[kind], grants: GRANTED }),
    id: 7,
    name: 'Ada Lovelace',
    username: kind,
    organisationId: 42,
    organisationName: 'Northwind IT',
    timeZone: 'UTC',
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

/** What a test reads of the router: where it is now, and a way to move (back is -1). */
export interface TestRouter {
  readonly state: { readonly location: Location };
  navigate(to: string | number): Promise<void>;
}

/** The routes as the app renders them (useRoutes, App.tsx), reporting to the test's router. */
function Routes({
  routes,
  seen,
}: {
  routes: RouteObject[];
  seen: { location?: Location; navigate?: NavigateFunction };
}) {
  seen.location = useLocation();
  seen.navigate = useNavigate();
  return useRoutes(routes);
}

/**
 * Renders routes in a memory router with the app's providers and an optional session. The router
 * is the declarative one the app uses (routes/router.tsx), so a test sees what a browser does.
 */
export function renderRoutes({ path, routes, session, queryClient = createQueryClient() }: RenderOptions) {
  if (session !== undefined) queryClient.setQueryData(sessionKeys.current(), session);
  const seen: { location?: Location; navigate?: NavigateFunction } = {};
  const result = render(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[path]}>
          <Routes routes={routes} seen={seen} />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  const router: TestRouter = {
    state: {
      get location() {
        if (!seen.location) throw new Error('The routes have not rendered.');
        return seen.location;
      },
    },
    async navigate(to) {
      if (!seen.navigate) throw new Error('The routes have not rendered.');
      await (typeof to === 'number' ? seen.navigate(to) : seen.navigate(to));
    },
  };
  return { ...result, router, queryClient };
}
