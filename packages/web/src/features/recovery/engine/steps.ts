import type { VmRunningScreen } from '@lifeboat/contract';

// Every step of the recovery wizard (spec: recovery-flow 2 'Wizard steps' and 'Second-tool
// steps'). Files and shares, virtualization and the second tool are built; the cloud failover
// steps render a placeholder until their part fills them in.

export const STEP_NAMES = [
  // Internal: loads what the entry point names (client features, the device) before the first step.
  'loading',
  'clientSelect',
  'recoverToolSelect',
  'type',
  'typeRB',
  'restoreType',
  'setAppliance',
  'setDevice',
  'setJob',
  'setDrive',
  'setRecoveryPoint',
  'browse',
  'restore',
  'exposeCifsShare',
  'locateVirtualization',
  // Internal: the VM state check before an export or a local VM (spec: recovery-flow 4).
  'checkVmState',
  'setExportType',
  'exportVm',
  'exportChangeFormat',
  'exportVmFailover',
  'setVmExportFailover',
  'vmRunning',
  'revokeMount',
  'setupLocalVm',
  'startVm',
  'browseLocalVms',
  'showVMExist',
  'showVOExist',
  'notAvailable',
  'error',
  'genericError',
  'applianceOffline',
  'setVirtualizationType',
  'setVirtualizationFailover',
  'setVirtualizationRunbook',
  'setRunbookVirtualizationType',
  'startRunbookWarning',
  'createRunbookFailover',
  'createFailover',
  'createFailoverFailed',
  'setVoVmsAutoStop',
  'rbSetDevice',
  'setPsPassword',
  'selectRestorePoint',
  'recoveryInProgress',
  'exportComplete',
  'exportVirtualDisk',
  'rbExportType',
  // Not in the spec's list: the folders and files of a files-and-folders FTPS export (docs/decisions.md).
  'rbSelectFiles',
] as const;
export type StepName = (typeof STEP_NAMES)[number];

/** Steps that carry what they show; every other step is just its name. */
export type DetailedStep =
  | { name: 'genericError'; title: string; message: string }
  /** `retry` is the step that asked the appliance; 'try again' goes back there. */
  | { name: 'applianceOffline'; retry: StepName }
  | { name: 'notAvailable'; message: string }
  | { name: 'error'; message: string }
  | { name: 'revokeMount'; shareId: number; message: string }
  | { name: 'exportChangeFormat'; message: string }
  | { name: 'vmRunning'; screen: VmRunningScreen }
  | { name: 'showVMExist'; message: string };

type Detailed = DetailedStep['name'];
export type WizardStep = DetailedStep | { name: Exclude<StepName, Detailed> };

/** The steps this part builds; the rest show a 'coming later' placeholder with a way back. */
export const BUILT_STEPS: ReadonlySet<StepName> = new Set<StepName>([
  'loading',
  'clientSelect',
  'recoverToolSelect',
  'type',
  'restoreType',
  'setAppliance',
  'setDevice',
  'setJob',
  'setDrive',
  'setRecoveryPoint',
  'browse',
  'restore',
  'exposeCifsShare',
  'exportChangeFormat',
  'revokeMount',
  'notAvailable',
  'error',
  'genericError',
  'applianceOffline',
  'typeRB',
  'rbSetDevice',
  'setPsPassword',
  'selectRestorePoint',
  'rbSelectFiles',
  'rbExportType',
  'exportVirtualDisk',
  'recoveryInProgress',
  'exportComplete',
  'locateVirtualization',
  'checkVmState',
  'setExportType',
  'exportVm',
  'exportVmFailover',
  'setVmExportFailover',
  'vmRunning',
  'setupLocalVm',
  'startVm',
  'browseLocalVms',
  'showVMExist',
]);

export const STEP_TITLES: Partial<Record<StepName, string>> = {
  loading: 'Getting ready',
  clientSelect: 'Choose a client',
  recoverToolSelect: 'Choose the backup tool',
  type: 'What do you want to recover?',
  typeRB: 'What do you want to recover?',
  restoreType: 'Where from?',
  setAppliance: 'Choose an appliance',
  setDevice: 'Choose a device',
  setJob: 'Choose a backup job',
  setDrive: 'Choose a drive',
  setRecoveryPoint: 'Choose a restore point',
  browse: 'Choose files and folders',
  restore: 'Download',
  exposeCifsShare: 'Network share',
  exportChangeFormat: 'Switch to VHDX?',
  revokeMount: 'A share is already open',
  notAvailable: 'Not available',
  error: 'Something went wrong',
  genericError: 'The appliance refused',
  applianceOffline: 'The appliance does not answer',
  rbSetDevice: 'Choose a protected system',
  setPsPassword: 'This system is password protected',
  selectRestorePoint: 'Choose a restore point',
  rbSelectFiles: 'Choose folders and files',
  rbExportType: 'Choose the disk format',
  exportVirtualDisk: 'Export the virtual disk',
  recoveryInProgress: 'Export in progress',
  exportComplete: 'Your export is ready',
  locateVirtualization: 'How do you want to recover it?',
  checkVmState: 'Checking the device',
  setExportType: 'Choose the disk type',
  exportVm: 'Export the virtual disk',
  exportVmFailover: 'This device runs in failover',
  setVmExportFailover: 'Export from the failover machine',
  vmRunning: 'The device is virtualized',
  setupLocalVm: 'Set up the virtual machine',
  startVm: 'Starting the virtual machine',
  browseLocalVms: 'Virtual machines',
  showVMExist: 'A virtual machine exists',
};

export function isStepName(value: string): value is StepName {
  return (STEP_NAMES as readonly string[]).includes(value);
}
