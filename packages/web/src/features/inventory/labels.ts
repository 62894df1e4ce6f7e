import type { DeviceRow, InventoryType } from '@lifeboat/contract';

// Words and colours of the inventory's tabs and cells.

export const TYPE_LABELS: Record<InventoryType, string> = {
  PROTECTED: 'All protected',
  SERVER: 'Servers',
  WORKSTATION: 'Workstations',
  NAS: 'NAS',
  VIRTUALIZED: 'Virtualized',
  VAULT_VIRTUALIZED: 'Virtualized in vault',
};

export const VM_STATE: Record<NonNullable<DeviceRow['sva_job_status']>, { label: string; color: string }> = {
  Running: { label: 'Running', color: 'teal' },
  Stopped: { label: 'Stopped', color: 'yellow' },
  Offline: { label: 'Offline', color: 'gray' },
};

export const PENDING_LABELS = {
  start_vm: 'Starting…',
  stop_vm: 'Stopping…',
  resume_vm: 'Resuming…',
  discard_vm: 'Discarding…',
} as const;

/** Where a row's details open: inside its vault for a vault-virtualized VM (spec: inventory 2). */
export function detailsPath(row: Pick<DeviceRow, 'id' | 'vault_id'>): string {
  return row.vault_id === null ? `/device/details/${row.id}` : `/device/details/${row.id}/${row.vault_id}`;
}

const countFormat = new Intl.NumberFormat('en-US');
export const formatCount = (n: number) => countFormat.format(n);
