import { FAILOVER_TEST_STATES, type ResellerClientRow } from '@lifeboat/contract';
import type { ClientChoice, DeviceChoice, JobChoice } from './state';
import type { StepName } from './steps';

// The choice rules of recovery-flow 2 and 4 as pure functions.

export type AutoMode = 'skip' | 'keep';

/**
 * clientSelect: a reseller with one client skips the step (and back is hidden); exactly one
 * client with scheduled restore points among several is chosen, but the table stays reachable.
 */
export function autoClient(
  rows: readonly ResellerClientRow[],
): { row: ResellerClientRow; mode: AutoMode } | null {
  if (rows.length === 1 && rows[0] && rows[0].machines_latest_schedule_rp_count > 0)
    return { row: rows[0], mode: 'skip' };
  const withPoints = rows.filter((r) => r.machines_latest_schedule_rp_count > 0);
  if (withPoints.length === 1 && withPoints[0]) return { row: withPoints[0], mode: 'keep' };
  return null;
}

export const clientSelectable = (row: Pick<ResellerClientRow, 'machines_latest_schedule_rp_count'>) =>
  row.machines_latest_schedule_rp_count > 0;

/** After the client: the tool choice when it has both, else the type step of its tool. */
export function stepAfterClient(client: ClientChoice): StepName {
  if (client.has_brc && client.has_x360recover) return 'recoverToolSelect';
  return client.has_x360recover && !client.has_brc ? 'typeRB' : 'type';
}

/** setDevice: rows in a failover test are disabled. */
export function deviceSelectable(device: Pick<DeviceChoice, 'state'>): boolean {
  return !(FAILOVER_TEST_STATES as readonly (string | null)[]).includes(device.state);
}

/** setDrive is shown only for a SERVER_ALIVE_BMR job with several drives. */
export function needsDriveStep(job: JobChoice): boolean {
  return job.type === 'SERVER_ALIVE_BMR' && job.drives.length > 1;
}

/** The drive browsed when setDrive is skipped: the only one, or the whole job (null). */
export function defaultDrive(job: JobChoice): string | null {
  return job.drives.length === 1 ? (job.drives[0] ?? null) : null;
}

/**
 * A chosen point goes to exportVm (disk export), browse (cloud) or exposeCifsShare (appliance);
 * a local virtual machine is set up next.
 */
export function stepAfterPoint(data: {
  type: string | null;
  via: string | null;
  vm?: { location: string | null };
}): StepName {
  if (data.vm?.location === 'appliance') return 'setupLocalVm';
  if (data.type === 'virtual-disk' || data.vm?.location?.endsWith('export')) return 'exportVm';
  return data.via === 'appliance' ? 'exposeCifsShare' : 'browse';
}
