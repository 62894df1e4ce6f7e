import type { ReactNode } from 'react';
import { NotFoundPage } from '../components/NotFoundPage';
import { lazyPage } from './lazyPage';
import { parseId } from './parseId';
import type { AppRoutePattern } from './tabPaths';

// Each page is its own chunk, loaded when first opened.
const P = {
  ResellerDashboard: lazyPage(
    () => import('../features/dashboard/ResellerDashboardPage'),
    'ResellerDashboardPage',
  ),
  ApplianceList: lazyPage(() => import('../features/dashboard/ApplianceListPage'), 'ApplianceListPage'),
  Distributors: lazyPage(() => import('../features/resellers/DistributorsPage'), 'DistributorsPage'),
  Resellers: lazyPage(() => import('../features/resellers/ResellersPage'), 'ResellersPage'),
  Clients: lazyPage(() => import('../features/clients/ClientsPage'), 'ClientsPage'),
  ClientDetails: lazyPage(() => import('../features/clients/ClientDetailsPage'), 'ClientDetailsPage'),
  Inventory: lazyPage(() => import('../features/inventory/DeviceInventoryPage'), 'DeviceInventoryPage'),
  ClientInventory: lazyPage(() => import('../features/inventory/ClientInventoryPage'), 'ClientInventoryPage'),
  DeviceDetails: lazyPage(() => import('../features/devices/DeviceDetailsPage'), 'DeviceDetailsPage'),
  JobDetails: lazyPage(() => import('../features/devices/JobDetailsPage'), 'JobDetailsPage'),
  AzureExport: lazyPage(() => import('../features/azure/AzureExportPage'), 'AzureExportPage'),
  Appliances: lazyPage(() => import('../features/appliances/AppliancesPage'), 'AppliancesPage'),
  ApplianceDetails: lazyPage(
    () => import('../features/appliances/ApplianceDetailsPage'),
    'ApplianceDetailsPage',
  ),
  Vaults: lazyPage(() => import('../features/vaults/VaultsPage'), 'VaultsPage'),
  VaultDetails: lazyPage(() => import('../features/vaults/VaultDetailsPage'), 'VaultDetailsPage'),
  Users: lazyPage(() => import('../features/users/UsersPage'), 'UsersPage'),
  Licenses: lazyPage(() => import('../features/licenses/LicensesPage'), 'LicensesPage'),
  Reports: lazyPage(() => import('../features/reports/ReportsPage'), 'ReportsPage'),
  Admin: lazyPage(() => import('../features/admin/AdminPage'), 'AdminPage'),
  Support: lazyPage(() => import('../features/support/SupportPage'), 'SupportPage'),
  SupportAppliances: lazyPage(
    () => import('../features/support/SupportAppliancesPage'),
    'SupportAppliancesPage',
  ),
  SupportLogin: lazyPage(() => import('../features/support/SupportLoginPage'), 'SupportLoginPage'),
  Runbooks: lazyPage(() => import('../features/recovery/RunbooksPage'), 'RunbooksPage'),
  RunningOffices: lazyPage(() => import('../features/recovery/RunningOfficesPage'), 'RunningOfficesPage'),
  ResellerSettings: lazyPage(
    () => import('../features/settings/ResellerSettingsPage'),
    'ResellerSettingsPage',
  ),
  Alerts: lazyPage(() => import('../features/alerts/AlertsPage'), 'AlertsPage'),
  Fleet: lazyPage(() => import('../features/alerts/FleetHomePage'), 'FleetHomePage'),
  ClientSettings: lazyPage(() => import('../features/settings/ClientSettingsPage'), 'ClientSettingsPage'),
};

export type RouteParams = Record<string, string | undefined>;

/** Renders a page that needs a numeric id; a malformed id is a page that does not exist. */
function withId(value: string | undefined, render: (id: number) => ReactNode): ReactNode {
  const id = parseId(value);
  return id === null ? <NotFoundPage /> : render(id);
}

/** The page of every route in APP_ROUTES (the type makes a missing one a compile error). */
export const ROUTE_PAGES: Record<AppRoutePattern, (p: RouteParams) => ReactNode> = {
  '/reseller/details/:id': (p) => withId(p.id, (id) => <P.ResellerDashboard resellerId={id} />),
  '/settings/reseller_settings/view/:id': (p) => withId(p.id, (id) => <P.ResellerSettings resellerId={id} />),
  '/home/distributor': () => <P.Distributors />,
  '/home/resellers': () => <P.Resellers />,
  '/client/empty_table': () => <P.Clients />,
  '/client/details/:id': (p) => withId(p.id, (id) => <P.ClientDetails clientId={id} />),
  '/client/details/:id/:section': (p) => withId(p.id, (id) => <P.ClientDetails clientId={id} />),
  '/home/client/:id': (p) => withId(p.id, (id) => <P.ClientDetails clientId={id} />),
  '/settings/client_settings/view/:id': (p) => withId(p.id, (id) => <P.ClientSettings clientId={id} />),
  '/client/runbooks/:id': (p) => withId(p.id, (id) => <P.Runbooks clientId={id} />),
  '/failover/offices': () => <P.RunningOffices />,
  '/devices/empty_table': () => <P.Inventory />,
  '/dashboardumc/inventory/:clientId/:type': (p) =>
    withId(p.clientId, (id) => <P.ClientInventory clientId={id} type={p.type} />),
  '/device/details/:id': (p) => withId(p.id, (id) => <P.DeviceDetails deviceId={id} />),
  '/device/details/:id/:vaultId': (p) =>
    withId(p.id, (id) => withId(p.vaultId, (vaultId) => <P.DeviceDetails deviceId={id} vaultId={vaultId} />)),
  '/home/device/:id': (p) => withId(p.id, (id) => <P.DeviceDetails deviceId={id} />),
  '/job/details/:id': (p) => withId(p.id, (id) => <P.JobDetails jobId={id} />),
  '/azure_export/view': () => <P.AzureExport />,
  '/appliance/empty_table': () => <P.Appliances />,
  '/appliance/details/:id': (p) => withId(p.id, (id) => <P.ApplianceDetails applianceId={id} />),
  '/home/appliance/:id': (p) => withId(p.id, (id) => <P.ApplianceDetails applianceId={id} />),
  '/dashboard/appliance_list': () => <P.ApplianceList />,
  '/vault/empty_table': () => <P.Vaults />,
  '/vault/details/:id': (p) => withId(p.id, (id) => <P.VaultDetails vaultId={id} />),
  '/home/vault/:id': (p) => withId(p.id, (id) => <P.VaultDetails vaultId={id} />),
  '/vault/login/:id': (p) => withId(p.id, (id) => <P.SupportLogin kind="vault" target={String(id)} />),
  '/appliance/login/:key': (p) => <P.SupportLogin kind="appliance" target={p.key ?? ''} />,
  '/user/empty_table': () => <P.Users />,
  '/home/licenses': () => <P.Licenses />,
  '/home/reports': () => <P.Reports />,
  '/admin/admin/admin_index': () => <P.Admin />,
  '/home/support': () => <P.Support />,
  '/home/support-appliances': () => <P.SupportAppliances />,
  '/home/alerts': () => <P.Alerts />,
  '/home/fleet': () => <P.Fleet />,
};
