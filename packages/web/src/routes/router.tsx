import { Outlet, type RouteObject, useLocation, useRoutes } from 'react-router';
import { LoginRoute } from '../auth/LoginRoute';
import { RouteErrorBoundary } from '../components/RouteErrorBoundary';
import { RequireSession } from '../session/RequireSession';
import { lazyPage } from './lazyPage';
import { ScrollOnNavigate } from './ScrollOnNavigate';
import { APP_ROUTE_PATTERNS } from './tabPaths';

// The shell and everything inside it is only needed once someone is signed in.
const AppLayout = lazyPage(() => import('../shell/AppLayout'), 'AppLayout');
const AppRoute = lazyPage(() => import('./AppRoute'), 'AppRoute');
const TabRoute = lazyPage(() => import('./TabRoute'), 'TabRoute');
const LandingRedirect = lazyPage(() => import('./LandingRedirect'), 'LandingRedirect');
const AccountSecurityPage = lazyPage(
  () => import('../features/security/AccountSecurityPage'),
  'AccountSecurityPage',
);
const AuditLogPage = lazyPage(() => import('../features/security/AuditLogPage'), 'AuditLogPage');
// The simulator's stand-in for Microsoft's device login: no session, as Microsoft's page has none.
const SimDeviceLoginPage = lazyPage(
  () => import('../features/azure/SimDeviceLoginPage'),
  'SimDeviceLoginPage',
);
const NotFoundPage = lazyPage(() => import('../components/NotFoundPage'), 'NotFoundPage');

function Root() {
  const { pathname } = useLocation();
  return (
    <>
      <ScrollOnNavigate />
      <RouteErrorBoundary resetKey={pathname}>
        <Outlet />
      </RouteErrorBoundary>
    </>
  );
}

export const appRoutes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      { path: '/login', element: <LoginRoute /> },
      { path: '/sim/azure/devicelogin', element: <SimDeviceLoginPage /> },
      {
        element: <RequireSession />,
        children: [
          {
            element: <AppLayout />,
            children: [
              { index: true, element: <LandingRedirect /> },
              { path: '/home', element: <LandingRedirect /> },
              { path: '/home/:tab', element: <TabRoute /> },
              { path: '/account/security', element: <AccountSecurityPage /> },
              { path: '/audit', element: <AuditLogPage /> },
              ...APP_ROUTE_PATTERNS.map((pattern) => ({
                path: pattern,
                element: <AppRoute pattern={pattern} />,
              })),
              { path: '*', element: <NotFoundPage /> },
            ],
          },
        ],
      },
    ],
  },
];

/**
 * The console's routes, rendered by react-router's declarative router (BrowserRouter in App):
 * the data router's loaders, actions and fetchers are not used here and would add 17 KB of
 * gzipped JavaScript on the way to the dashboard (issue 18 point 19).
 */
export function AppRoutes() {
  return useRoutes(appRoutes);
}
