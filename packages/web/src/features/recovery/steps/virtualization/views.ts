import type { ComponentType } from 'react';
import type { StepName } from '../../engine/steps';
import type { StepProps } from '../types';
import { BrowseLocalVmsStep } from './BrowseLocalVmsStep';
import { CheckVmStateStep } from './CheckVmStateStep';
import { ExportVmStep } from './ExportVmStep';
import { ExportVmFailoverStep, SetVmExportFailoverStep } from './FailoverExportSteps';
import { LocateVirtualizationStep } from './LocateVirtualizationStep';
import { SetExportTypeStep } from './SetExportTypeStep';
import { SetupLocalVmStep } from './SetupLocalVmStep';
import { StartVmStep } from './StartVmStep';
import { ShowVmExistStep, VmRunningStep } from './VmRunningStep';

/** The virtualization branch's steps (spec: recovery-flow 2), spread into StepView's VIEWS. */
export const VIRTUALIZATION_VIEWS: Partial<Record<StepName, ComponentType<StepProps>>> = {
  locateVirtualization: LocateVirtualizationStep,
  checkVmState: CheckVmStateStep,
  setExportType: SetExportTypeStep,
  exportVm: ExportVmStep,
  exportVmFailover: ExportVmFailoverStep,
  setVmExportFailover: SetVmExportFailoverStep,
  vmRunning: VmRunningStep,
  setupLocalVm: SetupLocalVmStep,
  startVm: StartVmStep,
  browseLocalVms: BrowseLocalVmsStep,
  showVMExist: ShowVmExistStep,
};
