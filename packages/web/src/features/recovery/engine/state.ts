import type {
  ArchiveFormat,
  ExposeShareAnswer,
  InsertDownloadAnswer,
  RecoveryDevice,
  RecoveryFileEntry,
  RecoveryJob,
} from '@lifeboat/contract';
import type { WizardEntry } from '../wizardEntry';
import { type FoData, initialFo } from './failover';
import { initialRb, type RbData } from './rb';
import type { StepName, WizardStep } from './steps';
import { initialVm, type VmData } from './virtualization';

// The recovery state (spec: recovery-flow 3 'Recovery state'), kept to what this part uses.

export interface ClientChoice {
  id: number;
  name: string;
  has_brc: number;
  has_x360recover: number;
  has_local_devices: number;
}

export interface ApplianceChoice {
  id: number;
  name: string;
}

export type DeviceChoice = Pick<
  RecoveryDevice,
  'id' | 'name' | 'asid' | 'appliance_id' | 'client_id' | 'state'
>;
export type JobChoice = Pick<RecoveryJob, 'id' | 'name' | 'type' | 'drives'>;

export interface PointChoice {
  id: number;
  /** epoch ms */
  ts: number;
}

export interface RestoreSelection {
  selected: RecoveryFileEntry[];
  archive: ArchiveFormat;
}

/**
 * A write the wizard sent (a share, a mount, a download link) and the request it answers (the
 * appliance, job, point, drive, selection...): a step shows it again after Back and forward instead
 * of sending a second one. `answer` is null while the request is out, so a step opened again
 * meanwhile waits for it rather than sending it again (steps/useSendOnce.ts).
 */
export interface Sent<T> {
  request: string;
  answer: T | null;
}

/**
 * The record after news of `request`: a send always replaces it; an answer, or a failure that
 * forgets it (null), counts only for the request awaited, so an earlier point's mount answering
 * after the next point's went out is dropped.
 */
export function nextSent<T>(current: Sent<T> | null, request: string, next: Sent<T> | null): Sent<T> | null {
  if (next !== null && next.answer === null) return next;
  return current === null || current.request === request ? next : current;
}

export interface RecoveryData {
  /** spec: recovery-flow 1, 'general reseller' when a reseller picks the client first. */
  flow: 'recovery' | 'general reseller';
  entry: WizardEntry;
  client: ClientChoice | null;
  /** First tool (service generation 2) or second tool (4). */
  tool: 'first' | 'second' | null;
  type: 'file_or_folder' | 'virtual-disk' | 'virtualization' | null;
  via: 'cloud' | 'appliance' | null;
  appliance: ApplianceChoice | null;
  device: DeviceChoice | null;
  /** The wizard was opened for this device: setAppliance and setDevice are skipped. */
  presetDevice: boolean;
  job: JobChoice | null;
  drive: string | null;
  point: PointChoice | null;
  /** Disk format of a share, once the appliance asked for VHDX. */
  format: 'VHDX' | null;
  restore: RestoreSelection;
  /** The share opened by exposeCifsShare or exportVm. */
  share: Sent<ExposeShareAnswer> | null;
  /** The browse step's mount (its filemountUseId), completed when the wizard closes. */
  mount: Sent<string> | null;
  /** The restore step's download link. */
  download: Sent<InsertDownloadAnswer> | null;
  /** The second tool's export (engine/rb.ts). */
  rb: RbData;
  /** The virtualization branch (engine/virtualization.ts). */
  vm: VmData;
  /** The cloud virtual office (engine/failover.ts). */
  fo: FoData;
}

export interface WizardState {
  step: WizardStep;
  /** The steps the user saw before this one; back returns to the last. Auto-skipped steps are not here. */
  history: WizardStep[];
  /** Steps choose by themselves (one appliance, one job...) only when arrived at going forward. */
  direction: 'forward' | 'back';
  data: RecoveryData;
  /** Where an entry's start step asks to go once the entry is loaded. */
  startStep: StepName | null;
}

export function initialState(entry: WizardEntry): WizardState {
  const data: RecoveryData = {
    flow: entry.kind === 'reseller' ? 'general reseller' : 'recovery',
    entry,
    client: null,
    tool: null,
    type: null,
    via: null,
    appliance: null,
    device: null,
    presetDevice: false,
    job: null,
    drive: null,
    point: null,
    format: null,
    restore: { selected: [], archive: 'zip' },
    share: null,
    mount: null,
    download: null,
    rb: initialRb(),
    vm: initialVm(),
    fo: initialFo(),
  };
  return {
    step: { name: entry.kind === 'reseller' ? 'clientSelect' : 'loading' },
    history: [],
    direction: 'forward',
    data,
    startStep: entry.kind === 'device' ? ((entry.startStep as StepName | undefined) ?? null) : null,
  };
}
