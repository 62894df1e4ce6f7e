import type { ExposeShareAnswer, InsertDownloadAnswer, RecoveryFileEntry } from '@lifeboat/contract';
import { type FoEvent, foReduce, isFoEvent } from './failover';
import { isRbEvent, type RbEvent, rbReduce } from './rb';
import {
  type AutoMode,
  defaultDrive,
  deviceSelectable,
  needsDriveStep,
  stepAfterClient,
  stepAfterPoint,
} from './rules';
import {
  type ApplianceChoice,
  type ClientChoice,
  type DeviceChoice,
  type JobChoice,
  nextSent,
  type PointChoice,
  type RecoveryData,
  type RestoreSelection,
  type Sent,
  type WizardState,
} from './state';
import { BUILT_STEPS, type StepName, type WizardStep } from './steps';
import { isVmEvent, type VmEvent, vmReduce } from './virtualization';

// The wizard's transitions: pure functions of (state, event), so every rule is unit-tested
// (spec: recovery-flow 4 'Navigation', 'Share exposure', 'Recovery point selection').

export type ExposeOutcome =
  | { kind: 'ok' }
  | { kind: 'tryVhdx'; message: string }
  | { kind: 'error'; title: string; message: string }
  | { kind: 'offline' }
  | { kind: 'exposed'; shareId: number; message: string };

export type WizardEvent =
  | { type: 'entryLoaded'; client: ClientChoice; device?: DeviceChoice & { service_gen: number } }
  | { type: 'entryFailed'; message: string }
  | { type: 'chooseClient'; client: ClientChoice; auto?: AutoMode }
  | { type: 'chooseTool'; tool: 'first' | 'second' }
  | { type: 'chooseType'; value: NonNullable<RecoveryData['type']> }
  | { type: 'chooseRestoreType'; via: 'cloud' | 'appliance' }
  | { type: 'chooseAppliance'; appliance: ApplianceChoice; auto?: AutoMode }
  | { type: 'chooseDevice'; device: DeviceChoice; auto?: AutoMode }
  | { type: 'chooseJob'; job: JobChoice; auto?: AutoMode }
  | { type: 'chooseDrive'; drive: string }
  | { type: 'choosePoint'; point: PointChoice; auto?: AutoMode }
  | { type: 'pointsOffline' }
  | { type: 'mounted'; request: string; mount: Sent<string> | null }
  | { type: 'downloadPrepared'; request: string; download: Sent<InsertDownloadAnswer> | null }
  | { type: 'select'; selected: RecoveryFileEntry[] }
  | { type: 'setArchive'; archive: RestoreSelection['archive'] }
  | { type: 'next' }
  | { type: 'exposeResult'; outcome: ExposeOutcome }
  | { type: 'shareOpened'; request: string; share: Sent<ExposeShareAnswer> | null }
  | { type: 'switchToVhdx' }
  | { type: 'retry' }
  | { type: 'back' }
  | { type: 'goTo'; step: WizardStep }
  | RbEvent
  | VmEvent
  | FoEvent;

const step = (name: StepName): WizardStep => ({ name }) as WizardStep;

/** Move forward; an auto-skipped step is left out of the history, so back jumps over it. */
export function goTo(
  state: WizardState,
  next: WizardStep,
  patch: Partial<RecoveryData> = {},
  auto?: AutoMode,
): WizardState {
  return {
    ...state,
    step: next,
    history: auto === 'skip' ? state.history : [...state.history, state.step],
    direction: 'forward',
    data: { ...state.data, ...patch },
  };
}

/** Replace the current step without recording it (error screens, retries). */
function replace(state: WizardState, next: WizardStep, patch: Partial<RecoveryData> = {}): WizardState {
  return { ...state, step: next, direction: 'forward', data: { ...state.data, ...patch } };
}

/**
 * What a step chooses, undone when Back returns to it: the header then names only what is still
 * chosen (issue 18.14, "the header follows Back"). A device the wizard was opened for stays.
 */
const CHOSEN_AT: Partial<Record<StepName, (d: RecoveryData) => Partial<RecoveryData>>> = {
  clientSelect: () => ({ client: null, tool: null, type: null, via: null }),
  setAppliance: (d) => (d.presetDevice ? {} : { appliance: null, device: null, job: null, point: null }),
  setDevice: (d) => (d.presetDevice ? {} : { device: null, job: null, point: null }),
  setJob: () => ({ job: null, drive: null, point: null }),
  setDrive: () => ({ drive: null, point: null }),
  setRecoveryPoint: () => ({ point: null }),
  rbSetDevice: (d) => ({ rb: { ...d.rb, device: null, password: null, point: null } }),
  selectRestorePoint: (d) => ({ rb: { ...d.rb, point: null } }),
};

export function back(state: WizardState): WizardState {
  const previous = state.history[state.history.length - 1];
  if (!previous) return state;
  const undo = CHOSEN_AT[previous.name]?.(state.data) ?? {};
  return {
    ...state,
    step: previous,
    history: state.history.slice(0, -1),
    direction: 'back',
    data: { ...state.data, ...undo },
  };
}

/** The wizard's header line: the client, the system and the point chosen so far. */
export function wizardHeader(d: RecoveryData, pointText: (ms: number) => string): string {
  const device = d.device?.name ?? d.rb.device?.psName;
  const point = d.point ? pointText(d.point.ts) : d.rb.point?.label;
  return [d.client?.name, device, point].filter(Boolean).join(' · ');
}

/** spec: recovery-flow 4, back is hidden when there is nowhere to return (one client, device entry). */
export function canGoBack(state: WizardState): boolean {
  return state.history.length > 0 && state.step.name !== 'loading';
}

/** After restoreType: a preset device goes straight to its jobs. */
function afterRestoreType(d: RecoveryData, via: 'cloud' | 'appliance'): StepName {
  if (d.device && d.presetDevice) return 'setJob';
  return via === 'appliance' ? 'setAppliance' : 'setDevice';
}

function entryLoaded(state: WizardState, e: Extract<WizardEvent, { type: 'entryLoaded' }>): WizardState {
  const patch: Partial<RecoveryData> = { client: e.client };
  let first = stepAfterClient(e.client);
  if (e.device) {
    patch.device = e.device;
    patch.presetDevice = true;
    patch.tool = e.device.service_gen === 4 ? 'second' : 'first';
    patch.appliance = e.device.appliance_id === null ? null : { id: e.device.appliance_id, name: '' };
    first = patch.tool === 'second' ? 'typeRB' : 'type';
  }
  const start = state.startStep && state.startStep !== 'loading' ? state.startStep : first;
  return { ...replace(state, step(start), patch), startStep: null };
}

export function reduce(state: WizardState, e: WizardEvent): WizardState {
  if (isRbEvent(e)) return rbReduce(state, e);
  if (isVmEvent(e)) return vmReduce(state, e);
  if (isFoEvent(e)) return foReduce(state, e);
  const d = state.data;
  switch (e.type) {
    case 'entryLoaded':
      return entryLoaded(state, e);
    case 'entryFailed':
      return replace(state, { name: 'error', message: e.message });
    case 'chooseClient':
      return goTo(
        state,
        step(stepAfterClient(e.client)),
        { client: e.client, tool: e.client.has_brc ? 'first' : 'second' },
        e.auto,
      );
    case 'chooseTool':
      return goTo(state, step(e.tool === 'first' ? 'type' : 'typeRB'), { tool: e.tool });
    case 'chooseType':
      // Disk export and virtualization arrive with the next part of the wizard.
      return goTo(state, step(e.value === 'file_or_folder' ? 'restoreType' : 'locateVirtualization'), {
        type: e.value,
      });
    case 'chooseRestoreType': {
      // spec: recovery-flow 2 restoreType, appliance only when local devices exist.
      if (e.via === 'appliance' && !d.client?.has_local_devices) return state;
      return goTo(state, step(afterRestoreType(d, e.via)), { via: e.via });
    }
    case 'chooseAppliance':
      return goTo(state, step(d.presetDevice ? 'setJob' : 'setDevice'), { appliance: e.appliance }, e.auto);
    case 'chooseDevice':
      if (!deviceSelectable(e.device)) return state;
      // A virtual machine or disk export checks the device's VM state first (spec: recovery-flow 4).
      return goTo(state, step(d.vm.location ? 'checkVmState' : 'setJob'), { device: e.device }, e.auto);
    case 'chooseJob':
      // A whole machine starts from the whole job: no drive to choose (issue 24).
      if (d.vm.location === 'appliance')
        return goTo(state, step('setRecoveryPoint'), { job: e.job, drive: null }, e.auto);
      if (needsDriveStep(e.job)) return goTo(state, step('setDrive'), { job: e.job, drive: null }, e.auto);
      return goTo(state, step('setRecoveryPoint'), { job: e.job, drive: defaultDrive(e.job) }, e.auto);
    case 'chooseDrive':
      return goTo(state, step('setRecoveryPoint'), { drive: e.drive });
    case 'choosePoint':
      return goTo(
        state,
        step(stepAfterPoint(d)),
        { point: e.point, restore: { ...d.restore, selected: [] } },
        e.auto,
      );
    case 'pointsOffline':
      return replace(state, { name: 'applianceOffline', retry: 'setRecoveryPoint' });
    case 'mounted':
      return { ...state, data: { ...d, mount: nextSent(d.mount, e.request, e.mount) } };
    case 'downloadPrepared':
      return { ...state, data: { ...d, download: nextSent(d.download, e.request, e.download) } };
    case 'select':
      return { ...state, data: { ...d, restore: { ...d.restore, selected: e.selected } } };
    case 'setArchive':
      return { ...state, data: { ...d, restore: { ...d.restore, archive: e.archive } } };
    case 'next':
      // Browse's Next is disabled until something is chosen (spec: recovery-flow 5).
      if (state.step.name !== 'browse' || d.restore.selected.length === 0) return state;
      return goTo(state, step('restore'));
    case 'exposeResult':
      return exposeResult(state, e.outcome);
    case 'shareOpened':
      return { ...state, data: { ...d, share: nextSent(d.share, e.request, e.share) } };
    case 'switchToVhdx':
      // A disk export tries again in VHDX on its own step (spec: recovery-flow 8, change-format prompt).
      if (d.vm.format)
        return replace(state, step('exportVm'), { vm: { ...d.vm, format: 'VHDX', loadShareId: null } });
      return replace(state, step('exposeCifsShare'), { format: 'VHDX' });
    case 'retry':
      return state.step.name === 'applianceOffline' ? replace(state, step(state.step.retry)) : state;
    case 'back':
      return back(state);
    case 'goTo':
      return goTo(state, e.step);
  }
}

/** spec: recovery-flow 4 'Share exposure'. Error screens replace the share step, so back returns to the points. */
function exposeResult(state: WizardState, o: ExposeOutcome): WizardState {
  switch (o.kind) {
    case 'ok':
      return state;
    case 'tryVhdx':
      return replace(state, { name: 'exportChangeFormat', message: o.message });
    case 'error':
      return replace(state, { name: 'genericError', title: o.title, message: o.message });
    case 'offline':
      return replace(state, {
        name: 'applianceOffline',
        retry: state.step.name === 'exportVm' ? 'exportVm' : 'exposeCifsShare',
      });
    case 'exposed':
      return replace(state, { name: 'revokeMount', shareId: o.shareId, message: o.message });
  }
}

export const isBuilt = (s: WizardStep) => BUILT_STEPS.has(s.name);
