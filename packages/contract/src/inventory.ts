import { z } from 'zod';
import { INVENTORY_PAGE_SIZE, SERVICE_GEN } from './constants';
import { HEALTH, SVA_JOB_STATUSES } from './enums';
import { listSearch } from './lists';

// The device inventory (spec: inventory-reports-exports-security 2 'Device inventory', 3 'Device
// row' and 'Inventory response', 4 'Virtualized machine actions', 9). Tab types and call paths
// the spec leaves open are decided in docs/decisions.md ('Inventory').

/** Tabs of the inventory, in display order. The last two are shown only when the server says so. */
export const INVENTORY_TYPES = [
  'PROTECTED',
  'SERVER',
  'WORKSTATION',
  'NAS',
  'VIRTUALIZED',
  'VAULT_VIRTUALIZED',
] as const;
export type InventoryType = (typeof INVENTORY_TYPES)[number];

export const VIRTUALIZED_TYPES: readonly InventoryType[] = ['VIRTUALIZED', 'VAULT_VIRTUALIZED'];
export const isVirtualizedType = (t: InventoryType) => VIRTUALIZED_TYPES.includes(t);

export const VM_ACTIONS = ['start_vm', 'stop_vm', 'resume_vm', 'discard_vm'] as const;
export type VmAction = (typeof VM_ACTIONS)[number];
export const ROW_ACTIONS = ['details', 'recover', ...VM_ACTIONS] as const;
export type RowAction = (typeof ROW_ACTIONS)[number];

/** Virtualized tabs refresh this often (spec: inventory 9). */
export const VIRTUALIZED_REFRESH_MS = 5000;
export { INVENTORY_PAGE_SIZE };

/** What the action-menu rules read from a row. */
export interface ActionFacts {
  service_gen: number;
  sva_job_status: (typeof SVA_JOB_STATUSES)[number] | null;
  has_appliance: 0 | 1;
  appliance_online: 0 | 1;
  stoppable: 0 | 1;
  /** A VM action on this row is queued or running: no second one until it ends. */
  vm_busy: boolean;
  /** The organisation may recover (can_recover) and the device has a restore point. */
  can_recover: boolean;
  /**
   * The VM is one the recovery wizard started on the appliance (a local VM): the console manages
   * it even on a first-tool device (docs/decisions.md 'Virtualization').
   */
  local_vm?: boolean;
}

/**
 * The row's menu (spec: inventory 4). In a virtualized tab: Offline -> details, start; Running
 * -> details, discard, and stop if stoppable; Stopped -> details, resume, discard; first-tool
 * devices or an offline appliance -> details only. Elsewhere: details, and recover when allowed.
 * The server applies the same rules again before any action runs.
 */
export function rowActions(row: ActionFacts, virtualizedTab: boolean): RowAction[] {
  if (!virtualizedTab) return row.can_recover ? ['details', 'recover'] : ['details'];
  if (row.service_gen === SERVICE_GEN.FIRST && !row.local_vm) return ['details'];
  if (row.has_appliance === 1 && row.appliance_online === 0) return ['details'];
  if (row.vm_busy) return ['details'];
  switch (row.sva_job_status) {
    case 'Offline':
      return ['details', 'start_vm'];
    case 'Running':
      return row.stoppable === 1 ? ['details', 'stop_vm', 'discard_vm'] : ['details', 'discard_vm'];
    case 'Stopped':
      return ['details', 'resume_vm', 'discard_vm'];
    default:
      return ['details'];
  }
}

/** The VM state an action leads to once the fabric has done it (null: the VM is gone). */
export const VM_ACTION_RESULT: Record<VmAction, (typeof SVA_JOB_STATUSES)[number] | null> = {
  start_vm: 'Running',
  stop_vm: 'Stopped',
  resume_vm: 'Running',
  discard_vm: null,
};

export const VM_ACTION_LABELS: Record<VmAction, string> = {
  start_vm: 'Start',
  stop_vm: 'Stop',
  resume_vm: 'Resume',
  discard_vm: 'Discard',
};

const idParam = z
  .string()
  .regex(/^\d{1,15}$/, 'must be a number')
  .transform(Number)
  .optional();

/** Filters every inventory call shares: an organisation to narrow to, within the caller's scope. */
export const inventoryScopeQuery = z.object({
  reseller_id: idParam,
  client_id: idParam,
});
export type InventoryScopeQuery = z.input<typeof inventoryScopeQuery>;

/**
 * The inventory's list request: the one list contract's search, with keyset paging in place of
 * page numbers (spec: inventory 2, rows load 40 at a time as the user scrolls).
 */
export const inventoryListQuery = inventoryScopeQuery.extend({
  search: listSearch.optional(),
  /** Opaque cursor of the previous page's last row (keyset paging). */
  after: z.string().max(400).optional(),
});
export type InventoryListQuery = z.input<typeof inventoryListQuery>;

export const inventoryDownloadQuery = inventoryScopeQuery.extend({
  type: z.enum(INVENTORY_TYPES).default('PROTECTED'),
});

/** Inventory response (spec: inventory 3). */
export const inventoryAnswer = z.object({
  typeCounters: z.record(z.enum(INVENTORY_TYPES), z.number().int()),
  showVirtualized: z.boolean(),
  showVaultVirtualized: z.boolean(),
  /** Epoch ms of the last health evaluation of the fleet, or null if none yet. */
  clientHealthLastCheck: z.number().nullable(),
});
export type InventoryAnswer = z.infer<typeof inventoryAnswer>;

/** Device row (spec: inventory 3) plus what the table shows. */
export const deviceRow = z.object({
  id: z.number().int(),
  name: z.string(),
  client_id: z.number().int(),
  client_name: z.string(),
  reseller_id: z.number().int(),
  device_type: z.string(),
  os_name: z.string(),
  health_status: z.enum(HEALTH),
  last_rp_at: z.number().nullable(),
  has_appliance: z.union([z.literal(0), z.literal(1)]),
  appliance_name: z.string().nullable(),
  appliance_online: z.union([z.literal(0), z.literal(1)]),
  vault_only_device: z.union([z.literal(0), z.literal(1)]),
  /** The vault a vault-virtualized VM runs in (its details open inside the vault). */
  vault_id: z.number().int().nullable(),
  service_gen: z.number().int(),
  currently_running: z.union([z.literal(0), z.literal(1)]),
  sva_job_status: z.enum(SVA_JOB_STATUSES).nullable(),
  stoppable: z.union([z.literal(0), z.literal(1)]),
  /** The VM action queued or running on this row, if any. */
  pending: z.object({ action: z.enum(VM_ACTIONS), operation_id: z.number().int() }).nullable(),
  actions: z.array(z.enum(ROW_ACTIONS)),
});
export type DeviceRow = z.infer<typeof deviceRow>;

export const inventoryPage = z.object({
  rows: z.array(deviceRow),
  /** Cursor of the next page, or null at the end. */
  next: z.string().nullable(),
});
export type InventoryPage = z.infer<typeof inventoryPage>;

/** POST /devices/{vm action} (form: id). */
export const vmActionBody = z.object({ id: z.union([z.string().max(32), z.number().int()]) });
export const vmActionAnswer = z.object({ success: z.literal(true), operation_id: z.number().int() });
export type VmActionAnswer = z.infer<typeof vmActionAnswer>;
