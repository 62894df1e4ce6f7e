import { LEVEL } from './constants';
import type { OrgKind } from './enums';

// Tabs of the console (spec: inventory-reports-exports-security 2 'Tab navigation and url scheme').
// The spec leaves the mapping of tabs to levels open; our decision is documented in docs/decisions.md.
export const TABS = [
  'reseller-dashboard',
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

/** Which tabs a user sees, in display order. */
export function visibleTabs(v: TabViewer): Tab[] {
  if (v.level === LEVEL.CLIENT) return ['clients', 'devices', 'users', 'reports'];
  if (v.level === LEVEL.RESELLER) {
    return [
      'reseller-dashboard',
      'clients',
      'devices',
      'appliances',
      'vault',
      'users',
      'licenses',
      'reports',
      'support',
    ];
  }
  if (v.level === LEVEL.STAFF && v.isProvider) {
    return [
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
    ];
  }
  // Distributor (level 3): manages its resellers, sees everything below them.
  return [
    'resellers',
    'clients',
    'devices',
    'appliances',
    'vault',
    'users',
    'licenses',
    'reports',
    'support',
  ];
}

export function canSeeTab(v: TabViewer, tab: Tab): boolean {
  return visibleTabs(v).includes(tab);
}
