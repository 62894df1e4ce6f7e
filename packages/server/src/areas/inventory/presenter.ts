import { type DeviceRow, type InventoryType, isVirtualizedType, rowActions } from '@lifeboat/contract';
import type { PendingVm, SystemListRow } from './repository';

const flag = (v: unknown): 0 | 1 => (Number(v) === 1 ? 1 : 0);

/** A device row as it leaves the server (spec: inventory 3 'Device row'), with its allowed actions. */
export function presentRow(
  r: SystemListRow,
  type: InventoryType,
  /** mayRecover: the user holds the recover right (contract rights.ts), as every recovery call checks. */
  extra: { vaultId: number | null; pending: PendingVm | null; mayRecover: boolean },
): DeviceRow {
  const hasAppliance = r.appliance_id === null ? 0 : 1;
  // No appliance in between (direct-to-cloud, vault VMs): nothing that could be offline.
  const applianceOnline = hasAppliance ? flag(r.appliance_online) : 1;
  const facts = {
    service_gen: Number(r.service_gen),
    sva_job_status: r.sva_job_status,
    has_appliance: hasAppliance,
    appliance_online: applianceOnline,
    stoppable: flag(r.stoppable),
    vm_busy: extra.pending !== null,
    local_vm: Number(r.local_vm) > 0,
    can_recover: extra.mayRecover && r.last_rp_at !== null,
  } as const;
  return {
    id: Number(r.id),
    name: r.name,
    client_id: Number(r.client_id),
    client_name: r.client_name,
    reseller_id: Number(r.reseller_id),
    device_type: r.device_type,
    os_name: r.os_name,
    health_status: r.health_status,
    last_rp_at: r.last_rp_at === null ? null : Number(r.last_rp_at),
    has_appliance: hasAppliance,
    appliance_name: r.appliance_name ?? null,
    appliance_online: applianceOnline,
    vault_only_device: flag(r.vault_only),
    vault_id: extra.vaultId,
    service_gen: Number(r.service_gen),
    currently_running: flag(r.currently_running),
    sva_job_status: r.sva_job_status,
    stoppable: flag(r.stoppable),
    pending: extra.pending,
    actions: rowActions(facts, isVirtualizedType(type)),
  };
}
