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

/** Words a person reads next to the colour. */
export const HEALTH_LABELS: Record<Health, string> = {
  TROUBLED: 'Troubled',
  WARNED: 'Warned',
  NORMAL: 'Healthy',
  PARKED: 'Parked',
  NODATA: 'No data',
  UNPROTECTED: 'Unprotected',
};

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
