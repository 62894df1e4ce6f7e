// The recovery wizard's virtualization rules as pure functions (spec: recovery-flow 4 'VM state
// check before export', 'Share exposure', 'Local VM start'; 5; 9), apart from the schemas so the
// web app uses them without zod.

import type { VirtualizedState } from './ports/virtualization';

/** A VM shows a console screenshot while it runs (issue 12.4; the inventory's virtualized rows). */
export const vmShowsScreen = (svaJobStatus: string | null) => svaJobStatus === 'Running';

/** spec: recovery-flow 9, startVm polls every 4 s. */
export const VM_START_POLL_MS = 4000;

export const VIRTUALIZATION_LOCATIONS = [
  'cloud',
  'appliance',
  'vm-export',
  'vhd-export',
  'vhdx-export',
] as const;
export type VirtualizationLocation = (typeof VIRTUALIZATION_LOCATIONS)[number];

export const DISK_FORMATS = ['VMDK', 'VHD', 'VHDX'] as const;
export type DiskFormat = (typeof DISK_FORMATS)[number];
export const EXPORT_TYPES = ['dynamic', 'fixed'] as const;
export type ExportType = (typeof EXPORT_TYPES)[number];

/** The export format of a location (recovery-flow 3). */
export const LOCATION_FORMAT: Partial<Record<VirtualizationLocation, DiskFormat>> = {
  'vm-export': 'VMDK',
  'vhd-export': 'VHD',
  'vhdx-export': 'VHDX',
};

/** The facts get_virtualized_state answers: the port's state. */
export type VmStateFacts = VirtualizedState;

/** The state of a system that is not virtualized (also what an appliance error answers). */
export const NOT_VIRTUALIZED: VmStateFacts = {
  virtualized: false,
  production: false,
  running: false,
  bmr: false,
  transition: false,
  testfailover: false,
  vmdk_disabled: false,
};

/** A disk of the system already exposed as a share (one at a time). */
export interface ExposedDisk {
  share_id: number;
  format: string | null;
  /** The share is still being exposed (a waiting load). */
  loading: boolean;
}

export type VmRunningScreen = 'vmdk_disabled' | 'bmr' | 'transition' | 'testfailover';

export type VmStateDecision =
  | { step: 'error' }
  | { step: 'vmRunning'; screen: VmRunningScreen }
  | { step: 'setJob' }
  | { step: 'revokeMount'; shareId: number }
  | { step: 'exportVm'; load: true; shareId: number };

/** spec: recovery-flow 4 'VM state check before export', branch for branch. */
export function vmStateCheck(
  state: VmStateFacts | { error: string },
  exposed: ExposedDisk | null,
  format: DiskFormat,
): VmStateDecision {
  if ('error' in state) return { step: 'error' };
  if (state.virtualized) {
    if (state.vmdk_disabled) return { step: 'vmRunning', screen: 'vmdk_disabled' };
    if (state.bmr) return { step: 'vmRunning', screen: 'bmr' };
    if (state.transition) return { step: 'vmRunning', screen: 'transition' };
    if (state.testfailover) return { step: 'vmRunning', screen: 'testfailover' };
    if (state.production && state.running) return { step: 'setJob' };
    if (state.production && exposed) return { step: 'revokeMount', shareId: exposed.share_id };
    return { step: 'setJob' };
  }
  if (exposed?.loading && exposed.format === format)
    return { step: 'exportVm', load: true, shareId: exposed.share_id };
  if (exposed) return { step: 'revokeMount', shareId: exposed.share_id };
  return { step: 'setJob' };
}

/** spec: recovery-flow 4 'Share exposure': where the wizard goes once a mount is revoked. */
export function revokeTarget(
  location: VirtualizationLocation | null,
): 'setDevice' | 'setupLocalVm' | 'close' {
  if (location && LOCATION_FORMAT[location]) return 'setDevice';
  return location === 'appliance' ? 'setupLocalVm' : 'close';
}

/** spec: recovery-flow 5 and 9: the memory slider's sizes start at the reported minimum. */
export function memoryChoices(vmSizes: readonly number[], minMb: number): number[] {
  const sizes = [...vmSizes].filter((m) => m >= minMb).sort((a, b) => a - b);
  return sizes.length ? sizes : [minMb];
}

/** spec: recovery-flow 9, the median size is chosen by rounding. */
export function medianMemory(choices: readonly number[]): number {
  return choices[Math.round((choices.length - 1) / 2)] ?? 0;
}

/** spec: recovery-flow 5, the CPU slider uses the reported range (never below vmCpuMin). */
export function cpuChoices(range: readonly [number, number], min: number): number[] {
  const lo = Math.max(range[0], min, 1);
  const out: number[] = [];
  for (let n = lo; n <= Math.max(lo, range[1]); n++) out.push(n);
  return out;
}

/** spec: recovery-flow 5, a dotted-quad IPv4 address (0..255, no leading zeros). */
export function isIPv4(text: string): boolean {
  const parts = text.trim().split('.');
  return parts.length === 4 && parts.every((p) => /^(0|[1-9]\d{0,2})$/.test(p) && Number(p) <= 255);
}

/** spec: recovery-flow 5, the VNC password must not be blank when VNC is on. */
export function vncPasswordOk(useVNC: boolean, password: string): boolean {
  return !useVNC || password.trim().length > 0;
}

export const IP_HINT = 'Enter a valid IPv4 address, such as 192.168.1.50, or use the current address.';
export const VNC_HINT = 'Enter a VNC password: the console of the virtual machine is reachable with it.';
