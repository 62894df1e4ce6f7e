import { THRESHOLD_DEFAULTS } from './constants';
import type { Health } from './enums';

// Display rules of the dashboard shared by every area that lists systems (spec:
// dashboard-device-azure 4 'Health values and colours', 'Quick filters', 'Cloud storage level').

export type HealthColour = 'red' | 'yellow' | 'green' | 'grey' | 'light-grey';

/** The colour of a health value; anything unknown is grey. */
export function healthColour(status: string | null | undefined): HealthColour {
  switch (status) {
    case 'TROUBLED':
      return 'red';
    case 'WARNED':
      return 'yellow';
    case 'NORMAL':
      return 'green';
    case 'NODATA':
      return 'light-grey';
    default:
      return 'grey';
  }
}

/** Words a person reads next to the colour: the one set of every page, table and CSV (issue 18.18). */
export const HEALTH_LABELS: Record<Health, string> = {
  TROUBLED: 'Troubled',
  WARNED: 'Warning',
  NORMAL: 'Healthy',
  PARKED: 'Parked',
  NODATA: 'No data',
  UNPROTECTED: 'Unprotected',
};

/**
 * Worst first: the health of a group of systems (a client, an appliance, a vault) is the first
 * of these any of them has (docs/decisions.md 'Worst health'). Every area ranks with this list.
 */
export const HEALTH_SEVERITY: readonly Health[] = [
  'TROUBLED',
  'WARNED',
  'NORMAL',
  'NODATA',
  'UNPROTECTED',
  'PARKED',
];

/** The worst of the statuses by HEALTH_SEVERITY; unknown values are ignored; NODATA when none. */
export function worstHealth(statuses: Iterable<string | null | undefined>): Health {
  let worst = HEALTH_SEVERITY.length;
  for (const s of statuses) {
    const i = HEALTH_SEVERITY.indexOf(s as Health);
    if (i >= 0 && i < worst) worst = i;
  }
  return HEALTH_SEVERITY[worst] ?? 'NODATA';
}

// --- Alert thresholds: how old a system's newest restore point may get before it is trouble
// (spec: dashboard-device-azure 4, recovery-flow 9; inheritance system > client > reseller >
// default). The simulator judges health with it and the dashboard SLA figures use it.

export interface ThresholdRow {
  scope_kind: 'reseller' | 'client' | 'system';
  scope_id: number;
  kind: string;
  minutes: number;
  enabled: number;
}

export interface ThresholdOwner {
  id: number;
  client_id: number;
  reseller_id: number;
  device_type: string;
}

/** Threshold kind of a device: NAS boxes are judged like servers. */
export function thresholdKind(deviceType: string): 'server' | 'workstation' {
  return deviceType === 'workstation' ? 'workstation' : 'server';
}

/** Minutes before a stale restore point is trouble; null when alerting is switched off. */
export function resolveThreshold(sys: ThresholdOwner, rows: readonly ThresholdRow[]): number | null {
  const kind = thresholdKind(sys.device_type);
  const at = (scope: ThresholdRow['scope_kind'], id: number) =>
    rows.find((r) => r.scope_kind === scope && Number(r.scope_id) === id && r.kind === kind);
  const row = at('system', sys.id) ?? at('client', sys.client_id) ?? at('reseller', sys.reseller_id);
  if (!row) return THRESHOLD_DEFAULTS[kind];
  return row.enabled ? Number(row.minutes) : null;
}

export type StorageLevel = 'normal' | 'warning' | 'danger' | 'critical';

/** Cloud storage level by percent used: thresholds 70, 90 and 100 (spec section 9). */
export function storageLevel(percent: number): StorageLevel {
  if (!Number.isFinite(percent) || percent < 70) return 'normal';
  if (percent < 90) return 'warning';
  if (percent < 100) return 'danger';
  return 'critical';
}

/** From 70 percent the cloud storage item carries a tooltip. */
export function storageNeedsTooltip(percent: number): boolean {
  return storageLevel(percent) !== 'normal';
}

/** The quick filters: troubled, warned, healthy (NORMAL). */
export const QUICK_FILTERS = ['TROUBLED', 'WARNED', 'NORMAL'] as const;
export type QuickFilter = (typeof QUICK_FILTERS)[number];

/**
 * Toggle a status in the health filter of every table together: if it is already active in all
 * of them it is removed from all, otherwise it is added where missing. Input is not changed.
 */
export function toggleQuickFilter(tables: readonly (readonly string[])[], status: string): string[][] {
  const activeEverywhere = tables.length > 0 && tables.every((t) => t.includes(status));
  return tables.map((t) =>
    activeEverywhere ? t.filter((s) => s !== status) : t.includes(status) ? [...t] : [...t, status],
  );
}

/** A quick filter's button is shown pressed when its status is active in every table. */
export function quickFilterActive(tables: readonly (readonly string[])[], status: string): boolean {
  return tables.length > 0 && tables.every((t) => t.includes(status));
}
