import {
  type DiskFormat,
  type ExportType,
  LOCATION_FORMAT,
  revokeTarget,
  type VirtualizationLocation,
  type VmStateDecision,
} from '@lifeboat/contract';
import type { JobChoice, PointChoice, RecoveryData, WizardState } from './state';
import type { StepName, WizardStep } from './steps';

// The virtualization branch of the first tool's wizard (spec: recovery-flow 2 locateVirtualization
// and the steps after it; 4 'VM state check before export', 'Share exposure', 'Local VM start').
// Pure functions of (state, event), unit-tested in virtualization.test.ts.

/**
 * The step a cloud VM continues to: the virtual office's failover steps (issue 16; engine/failover.ts),
 * the same ones typeRB's cloud virtual office opens, with the first tool's setup
 * (load_brc_failover_setup). null would hide the cloud option (issue 12, "hidden, not a dead end").
 */
export const CLOUD_VM_STEP: StepName | null = 'setVirtualizationRunbook';

export interface VmData {
  location: VirtualizationLocation | null;
  /** The export's disk format (VMDK, VHD, VHDX); null for a local VM. */
  format: DiskFormat | null;
  exportType: ExportType;
  /** The appliance makes dynamic disks (virtualization_locations' support_dynamic). */
  supportDynamic: boolean;
  /** Export the disk of the running production failover VM (the expose call's trailing /1). */
  fromFailover: boolean;
  /** An exposed disk waits with the same format: exportVm follows it instead of exposing again. */
  loadShareId: number | null;
  /** The `virtualization.local_vm` operation startVm follows. */
  operationId: number | null;
  /** Where the started local VM is reached: its address and VNC console (null: not reported). */
  reach: { ip: string | null; vnc: string | null } | null;
}

export const initialVm = (): VmData => ({
  location: null,
  format: null,
  exportType: 'dynamic',
  supportDynamic: false,
  fromFailover: false,
  loadShareId: null,
  operationId: null,
  reach: null,
});

export type VmEvent =
  | { type: 'chooseLocation'; location: VirtualizationLocation; supportDynamic: boolean }
  | { type: 'chooseExportType'; exportType: ExportType }
  /** The state check's outcome; `fromFailover` when the failover VM can give its disk. */
  | { type: 'vmChecked'; decision: VmStateDecision; message?: string; fromFailover?: boolean }
  | { type: 'chooseFailoverExport'; fromVm: boolean }
  | { type: 'failoverExportReady'; job: JobChoice; point: PointChoice }
  | { type: 'mountRevoked' }
  | { type: 'vmStarting'; operationId: number }
  | { type: 'vmExists'; message: string }
  | { type: 'vmStarted'; ip?: string | null; vnc?: string | null };

const VM_EVENTS: ReadonlySet<string> = new Set<VmEvent['type']>([
  'chooseLocation',
  'chooseExportType',
  'vmChecked',
  'chooseFailoverExport',
  'failoverExportReady',
  'mountRevoked',
  'vmStarting',
  'vmExists',
  'vmStarted',
]);

export const isVmEvent = (e: { type: string }): e is VmEvent => VM_EVENTS.has(e.type);

const step = (name: StepName): WizardStep => ({ name }) as WizardStep;

function withVm(state: WizardState, vm: Partial<VmData>, patch: Partial<RecoveryData> = {}): RecoveryData {
  return { ...state.data, ...patch, vm: { ...state.data.vm, ...vm } };
}

function forward(state: WizardState, next: WizardStep, data: RecoveryData): WizardState {
  return { ...state, step: next, history: [...state.history, state.step], direction: 'forward', data };
}

/** Replace the current step without recording it: the state check is not a step one returns to. */
function replace(state: WizardState, next: WizardStep, data: RecoveryData = state.data): WizardState {
  return { ...state, step: next, direction: 'forward', data };
}

/** After the location (and the export type): the state check for a known device, else its appliance. */
export function stepAfterLocation(d: Pick<RecoveryData, 'device' | 'presetDevice'>): StepName {
  return d.device && d.presetDevice ? 'checkVmState' : 'setAppliance';
}

/** Which locations locateVirtualization shows for the chosen recovery type. */
export function locationsFor(type: RecoveryData['type']): VirtualizationLocation[] {
  const exports: VirtualizationLocation[] = ['vm-export', 'vhd-export', 'vhdx-export'];
  const machines: VirtualizationLocation[] = CLOUD_VM_STEP ? ['cloud', 'appliance'] : ['appliance'];
  if (type === 'virtual-disk') return exports;
  if (type === 'virtualization') return machines;
  return [...machines, ...exports];
}

/** spec: recovery-flow 4 'Share exposure': after a revoked mount. A local VM without a point yet picks one first. */
function afterRevoke(state: WizardState): WizardState | 'close' {
  const d = state.data;
  const target = revokeTarget(d.vm.location);
  if (target === 'close') return 'close';
  if (target === 'setupLocalVm' && !d.point) return replace(state, step('setJob'));
  if (target === 'setDevice' && d.presetDevice) return replace(state, step('checkVmState'));
  return replace(state, step(target));
}

export function vmReduce(state: WizardState, e: VmEvent): WizardState {
  const d = state.data;
  switch (e.type) {
    case 'chooseLocation': {
      if (e.location === 'cloud') {
        if (!CLOUD_VM_STEP) return state;
        return forward(state, step(CLOUD_VM_STEP), withVm(state, { location: 'cloud', format: null }));
      }
      const format = LOCATION_FORMAT[e.location] ?? null;
      const data = withVm(
        state,
        {
          location: e.location,
          format,
          supportDynamic: e.supportDynamic,
          // Without dynamic disks the export is a fixed one (no choice to make).
          exportType: e.supportDynamic ? 'dynamic' : 'fixed',
          fromFailover: false,
          loadShareId: null,
        },
        { via: 'appliance', type: d.type ?? (format ? 'virtual-disk' : 'virtualization') },
      );
      const next = format && e.supportDynamic ? 'setExportType' : stepAfterLocation(d);
      return forward(state, step(next), data);
    }
    case 'chooseExportType':
      return forward(state, step(stepAfterLocation(d)), withVm(state, { exportType: e.exportType }));
    case 'vmChecked':
      // Only the check's own answer moves on (a late or repeated answer changes nothing).
      return state.step.name === 'checkVmState' ? vmChecked(state, e) : state;
    case 'chooseFailoverExport':
      if (e.fromVm) return forward(state, step('setVmExportFailover'), withVm(state, { fromFailover: true }));
      return forward(state, step('setJob'), withVm(state, { fromFailover: false }));
    case 'failoverExportReady':
      return forward(
        state,
        step('exportVm'),
        withVm(state, { fromFailover: true }, { job: e.job, point: e.point, drive: null }),
      );
    case 'mountRevoked': {
      const next = afterRevoke(state);
      return next === 'close' ? state : next;
    }
    case 'vmStarting':
      return replace(state, step('startVm'), withVm(state, { operationId: e.operationId }));
    case 'vmExists':
      return replace(state, { name: 'showVMExist', message: e.message });
    case 'vmStarted':
      return replace(
        state,
        step('browseLocalVms'),
        withVm(state, { reach: { ip: e.ip ?? null, vnc: e.vnc ?? null } }),
      );
  }
}

/** spec: recovery-flow 4 'VM state check before export': the decision becomes the next step. */
function vmChecked(state: WizardState, e: Extract<VmEvent, { type: 'vmChecked' }>): WizardState {
  const o = e.decision;
  switch (o.step) {
    case 'error':
      return replace(state, {
        name: 'error',
        message: e.message || 'The appliance could not tell the state of this device.',
      });
    case 'vmRunning':
      return replace(state, { name: 'vmRunning', screen: o.screen });
    case 'revokeMount':
      return replace(state, { name: 'revokeMount', shareId: o.shareId, message: e.message ?? '' });
    case 'exportVm':
      return replace(state, step('exportVm'), withVm(state, { loadShareId: o.shareId }));
    case 'setJob':
      if (e.fromFailover && state.data.vm.format) return replace(state, step('exportVmFailover'));
      return replace(state, step('setJob'));
  }
}

/** Whether a revoked mount ends the wizard (an alert, then close). */
export const revokeCloses = (d: RecoveryData) => revokeTarget(d.vm.location) === 'close';
