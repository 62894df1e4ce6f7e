import { TABS, type Tab, type TabViewer, visibleTabs } from '@lifeboat/contract';
import { matchPath } from 'react-router';

// The url scheme of the console (spec: inventory-reports-exports-security 2 'Tab navigation and
// url scheme', dashboard-device-azure 2.1). A tab has a friendly url, /home/{tab}, which is
// what the address bar shows; it renders the page of the tab's internal route. Internal and
// detail routes can also be opened directly (links from dashboards, deep links).

export const TAB_LABELS: Record<Tab, string> = {
  fleet: 'Fleet',
  alerts: 'Alerts',
  'reseller-dashboard': 'Dashboard',
  distributor: 'Distributors',
  resellers: 'Resellers',
  clients: 'Clients',
  devices: 'Devices',
  appliances: 'Appliances',
  vault: 'Vaults',
  users: 'Users',
  licenses: 'Licenses',
  reports: 'Reports',
  admin: 'Admin',
  support: 'Support',
  'support-appliances': 'Support appliances',
};

/**
 * Every page route of the app with the tabs it belongs to, in order of preference: the first
 * one the user can see is highlighted; when the user sees none of them, the page is refused.
 */
export const APP_ROUTES = {
  '/reseller/details/:id': ['reseller-dashboard', 'resellers', 'distributor'],
  '/settings/reseller_settings/view/:id': ['reseller-dashboard', 'resellers', 'distributor'],
  '/home/distributor': ['distributor'],
  '/home/resellers': ['resellers'],
  '/client/empty_table': ['clients'],
  '/client/details/:id': ['clients'],
  '/client/details/:id/:section': ['clients'],
  '/home/client/:id': ['clients'],
  '/settings/client_settings/view/:id': ['clients'],
  '/client/runbooks/:id': ['clients'],
  // Issue 18.8: the dashboard's 'Virtual office information'.
  '/failover/offices': ['reseller-dashboard', 'clients'],
  '/devices/empty_table': ['devices'],
  '/dashboardumc/inventory/:clientId/:type': ['devices', 'clients'],
  '/device/details/:id': ['devices'],
  '/device/details/:id/:vaultId': ['devices'],
  '/home/device/:id': ['devices'],
  '/job/details/:id': ['devices'],
  '/azure_export/view': ['devices', 'clients'],
  '/appliance/empty_table': ['appliances'],
  // A client user opens its own appliance from its dashboard and device pages (issue 18.8: no
  // dead end); the server answers only the client's own.
  '/appliance/details/:id': ['appliances', 'support-appliances', 'clients'],
  '/home/appliance/:id': ['appliances', 'support-appliances', 'clients'],
  '/dashboard/appliance_list': ['appliances', 'reseller-dashboard'],
  '/vault/empty_table': ['vault'],
  '/vault/details/:id': ['vault'],
  '/home/vault/:id': ['vault'],
  '/vault/login/:id': ['vault'],
  '/appliance/login/:key': ['appliances', 'support-appliances'],
  '/user/empty_table': ['users'],
  '/home/licenses': ['licenses'],
  '/home/reports': ['reports'],
  '/admin/admin/admin_index': ['admin'],
  '/home/support': ['support'],
  '/home/support-appliances': ['support-appliances'],
  '/home/alerts': ['alerts'],
  '/home/fleet': ['fleet'],
} as const satisfies Record<string, readonly Tab[]>;

export type AppRoutePattern = keyof typeof APP_ROUTES;
export const APP_ROUTE_PATTERNS = Object.keys(APP_ROUTES) as AppRoutePattern[];

export interface AppRouteMatch {
  pattern: AppRoutePattern;
  params: Record<string, string | undefined>;
}

export function isTab(value: string | undefined): value is Tab {
  return (TABS as readonly string[]).includes(value ?? '');
}

export function friendlyPath(tab: Tab): string {
  return `/home/${tab}`;
}

/** The internal route a tab renders; some depend on the user's own organisation. */
export function internalPath(
  tab: Tab,
  user: Pick<TabViewer, 'organisationKind'> & { organisationId: number },
): string {
  switch (tab) {
    case 'reseller-dashboard':
      return `/reseller/details/${user.organisationId}`;
    case 'clients':
      // A client user has one client: the tab opens its page.
      return user.organisationKind === 'client'
        ? `/client/details/${user.organisationId}`
        : '/client/empty_table';
    case 'devices':
      return '/devices/empty_table';
    case 'appliances':
      return '/appliance/empty_table';
    case 'vault':
      return '/vault/empty_table';
    case 'users':
      return '/user/empty_table';
    case 'admin':
      return '/admin/admin/admin_index';
    default:
      return friendlyPath(tab);
  }
}

/** The tab whose friendly url this is (/home/{tab}), or null. */
export function tabFromFriendlyPath(pathname: string): Tab | null {
  const m = matchPath('/home/:tab', pathname);
  const tab = m?.params.tab;
  return isTab(tab) ? tab : null;
}

/** The page route a path resolves to (query strings are ignored), or null. */
export function matchAppRoute(pathname: string): AppRouteMatch | null {
  const path = pathname.split('?')[0] ?? '';
  for (const pattern of APP_ROUTE_PATTERNS) {
    const m = matchPath(pattern, path);
    if (m) return { pattern, params: m.params };
  }
  return null;
}

/** The tab to highlight for a path, among the tabs the user sees. */
export function tabForPath(pathname: string, visible: readonly Tab[]): Tab | null {
  const friendly = tabFromFriendlyPath(pathname);
  if (friendly) return visible.includes(friendly) ? friendly : null;
  const match = matchAppRoute(pathname);
  if (!match) return null;
  return APP_ROUTES[match.pattern].find((t) => visible.includes(t)) ?? null;
}

/** Whether the user may open a page route (the server still checks the data itself). */
export function canOpenRoute(pattern: AppRoutePattern, visible: readonly Tab[]): boolean {
  return APP_ROUTES[pattern].some((t) => visible.includes(t));
}

/** Where a user lands after signing in. */
export function landingPath(user: TabViewer): string {
  if (user.organisationKind === 'reseller') return friendlyPath('reseller-dashboard');
  if (user.organisationKind === 'client') return friendlyPath('clients');
  // Distributors and platform staff start from their fleet home: the resellers they look after,
  // ranked by open alerts.
  const tabs = visibleTabs(user);
  return friendlyPath(tabs.includes('fleet') ? 'fleet' : (tabs[0] ?? 'resellers'));
}

// Kept beside the login state (auth/loginState.ts) so the sign-in page does not load the router.
export { safeReturnPath } from '../auth/loginState';
