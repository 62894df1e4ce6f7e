import {
  type FtpsExportType,
  type FtpsFormat,
  type FtpsStatusAnswer,
  type RbDeviceRow,
  type RecoveryFileEntry,
  rbIneligibility,
} from '@lifeboat/contract';
import type { AutoMode } from './rules';
import type { WizardState } from './state';
import type { StepName, WizardStep } from './steps';

// The second tool's way through the wizard (spec: recovery-flow 2 'Second-tool steps', 4 'FTPS
// export', 5): typeRB -> rbSetDevice -> setPsPassword (protected systems) -> selectRestorePoint ->
// rbSelectFiles (files) or rbExportType -> exportVirtualDisk (disks) -> recoveryInProgress ->
// exportComplete. Pure transitions, unit-tested in rb.test.ts.

export interface RbData {
  kind: 'ffr' | 'disk' | null;
  /** How a virtual disk leaves: an FTPS export, or a download link (a backup source's disk image). */
  delivery: 'ftps' | 'download';
  device: RbDeviceRow | null;
  /** The system's password, checked by the server; sent again with start and credentials. */
  password: string | null;
  point: { id: number; label: string } | null;
  /** The folders and files a files export holds, as the browser listed them (sizes shown before the start). */
  selected: RecoveryFileEntry[];
  format: FtpsFormat;
  exportType: FtpsExportType;
  exportUuid: string | null;
  exportId: number | null;
  failure: RbFailure | null;
}

export type RbFailure =
  | { kind: 'rpInUse'; message: string }
  | { kind: 'error'; message: string }
  | { kind: 'network'; message: string };

export const initialRb = (): RbData => ({
  kind: null,
  delivery: 'ftps',
  device: null,
  password: null,
  point: null,
  selected: [],
  format: 'VHDX',
  exportType: 'dynamic',
  exportUuid: null,
  exportId: null,
  failure: null,
});

export type RbEvent =
  | { type: 'rbChooseType'; kind: 'ffr' | 'disk'; delivery?: 'ftps' | 'download' }
  /** `auto: 'skip'`: the wizard was opened for this device, so rbSetDevice is not a step to return to. */
  | { type: 'rbChooseDevice'; device: RbDeviceRow; auto?: AutoMode }
  | { type: 'rbPasswordOk'; password: string }
  | { type: 'rbChoosePoint'; point: { id: number; label: string } }
  | { type: 'rbSelect'; selected: RecoveryFileEntry[] }
  | { type: 'rbChooseFormat'; format: FtpsFormat; exportType: FtpsExportType }
  | { type: 'rbStarted'; uuid: string }
  | { type: 'rbStatus'; status: FtpsStatusAnswer }
  | { type: 'rbNetworkError'; message: string }
  | { type: 'rbFollowAgain' };

const RB_EVENTS = new Set<string>([
  'rbChooseType',
  'rbChooseDevice',
  'rbPasswordOk',
  'rbChoosePoint',
  'rbSelect',
  'rbChooseFormat',
  'rbStarted',
  'rbStatus',
  'rbNetworkError',
  'rbFollowAgain',
]);
export const isRbEvent = (e: { type: string }): e is RbEvent => RB_EVENTS.has(e.type);

const step = (name: StepName): WizardStep => ({ name }) as WizardStep;

function go(state: WizardState, name: StepName, rb: Partial<RbData>, auto?: AutoMode): WizardState {
  return {
    ...state,
    step: step(name),
    history: auto === 'skip' ? state.history : [...state.history, state.step],
    direction: 'forward',
    data: { ...state.data, rb: { ...state.data.rb, ...rb } },
  };
}

function patch(state: WizardState, rb: Partial<RbData>, name?: StepName): WizardState {
  return {
    ...state,
    ...(name ? { step: step(name), direction: 'forward' as const } : {}),
    data: { ...state.data, rb: { ...state.data.rb, ...rb } },
  };
}

export function rbReduce(state: WizardState, e: RbEvent): WizardState {
  const rb = state.data.rb;
  switch (e.type) {
    case 'rbChooseType':
      return go(state, 'rbSetDevice', { ...initialRb(), kind: e.kind, delivery: e.delivery ?? 'ftps' });
    case 'rbChooseDevice':
      // spec: recovery-flow 5, ineligible rows are not selectable.
      if (rbIneligibility(e.device, rb.kind === 'disk')) return state;
      return go(
        state,
        e.device.isPasswordProtected ? 'setPsPassword' : 'selectRestorePoint',
        { device: e.device, password: null, point: null, selected: [] },
        e.auto,
      );
    case 'rbPasswordOk':
      if (e.password === '') return state;
      return go(state, 'selectRestorePoint', { password: e.password });
    case 'rbChoosePoint':
      return go(state, rb.kind === 'disk' ? 'rbExportType' : 'rbSelectFiles', {
        point: e.point,
        selected: [],
      });
    case 'rbSelect':
      return patch(state, { selected: e.selected });
    case 'rbChooseFormat':
      return go(state, 'exportVirtualDisk', { format: e.format, exportType: e.exportType });
    case 'rbStarted':
      if (state.step.name === 'recoveryInProgress')
        return patch(state, { exportUuid: e.uuid, exportId: null, failure: null });
      return go(state, 'recoveryInProgress', { exportUuid: e.uuid, exportId: null, failure: null });
    case 'rbStatus': {
      // spec: recovery-flow 4 'FTPS export': COMPLETED -> exportComplete; ERROR shows the error,
      // a separate message when the restore point is in use.
      const s = e.status;
      if (s.status === 'COMPLETED')
        return patch(state, { exportId: s.export_id, failure: null }, 'exportComplete');
      if (s.status === 'ERROR')
        return patch(state, {
          failure: { kind: s.rpInUseError ? 'rpInUse' : 'error', message: s.error ?? '' },
        });
      return state;
    }
    case 'rbNetworkError':
      return patch(state, { failure: { kind: 'network', message: e.message } });
    case 'rbFollowAgain':
      // Retry after a network error: the export may still be running, so follow it again (a
      // new start only once it has ended in ERROR; docs/decisions.md).
      if (state.data.rb.failure?.kind !== 'network') return state;
      return patch(state, { failure: null });
  }
}
