import type { OrgKind } from './enums';
import type { Right } from './rights';

// Tabs of the console (spec: inventory-reports-exports-security 2 'Tab navigation and url scheme').
// The spec leaves the mapping of tabs to levels open; our decision is documented in docs/decisions.md.
export const TABS = [
  // Issue 27.5: the provider's staff's and distributors' home (resellers by open alerts).
  'fleet',
  'reseller-dashboard',
  'alerts',
  'distributor',
  'resellers',
  'clients',
  'devices',
  'appliances',
  'vault',
  'users',
  'licenses',
  'reports',
  'admin',
  'support',
  'support-appliances',
] as const;
export type Tab = (typeof TABS)[number];

/** Who looks: where the user's organisation stands in the tree, and its rights (rights.ts). */
export interface TabViewer {
  organisationKind: OrgKind;
  rights: readonly Right[];
}

/** Tabs that need a right besides reading: the provider's own tables, the resellers, the fleet home, reports. */
const TAB_RIGHTS: Partial<Record<Tab, Right>> = {
  distributor: 'manage_platform',
  admin: 'manage_platform',
  'support-appliances': 'manage_platform',
  resellers: 'manage_resellers',
  fleet: 'view_fleet',
  reports: 'view_reports',
};
/** A client's users see their own client's page, systems, users and reports. */
const CLIENT_TABS: ReadonlySet<Tab> = new Set(['clients', 'devices', 'alerts', 'users', 'reports']);

/**
 * Which tabs a user sees, in display order: a reseller's own dashboard for a reseller's users
 * (the provider's staff and distributors open any from the resellers tab), each other tab by its
 * right (the spec leaves the mapping open; docs/decisions.md).
 */
export function visibleTabs(v: TabViewer): Tab[] {
  return TABS.filter((t) => {
    if (t === 'reseller-dashboard') return v.organisationKind === 'reseller';
    if (v.organisationKind === 'client' && !CLIENT_TABS.has(t)) return false;
    const right = TAB_RIGHTS[t];
    return right === undefined || v.rights.includes(right);
  });
}

export function canSeeTab(v: TabViewer, tab: Tab): boolean {
  return visibleTabs(v).includes(tab);
}
