import { LEVEL } from './constants';
import type { OrgKind } from './enums';

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

export interface TabViewer {
  level: number;
  organisationKind: OrgKind;
  isProvider: boolean;
}

const STAFF_ONLY: ReadonlySet<Tab> = new Set(['distributor', 'admin', 'support-appliances']);
/** The provider's staff see every tab but a reseller's own dashboard (they open any from resellers). */
const STAFF_TABS: readonly Tab[] = TABS.filter((t) => t !== 'reseller-dashboard');
/** A distributor manages its resellers and sees everything below them. */
const DISTRIBUTOR_TABS: readonly Tab[] = STAFF_TABS.filter((t) => !STAFF_ONLY.has(t));
const RESELLER_TABS: readonly Tab[] = [
  'reseller-dashboard',
  ...DISTRIBUTOR_TABS.filter((t) => t !== 'resellers' && t !== 'fleet'),
];
const CLIENT_TABS: readonly Tab[] = ['clients', 'devices', 'alerts', 'users', 'reports'];

/** Which tabs a user sees, in display order. */
export function visibleTabs(v: TabViewer): Tab[] {
  if (v.level === LEVEL.CLIENT) return [...CLIENT_TABS];
  if (v.level === LEVEL.RESELLER) return [...RESELLER_TABS];
  if (v.level === LEVEL.STAFF && v.isProvider) return [...STAFF_TABS];
  return [...DISTRIBUTOR_TABS];
}

export function canSeeTab(v: TabViewer, tab: Tab): boolean {
  return visibleTabs(v).includes(tab);
}
