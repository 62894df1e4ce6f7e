import type { ComponentType } from 'react';
import type { StepName } from './engine/steps';
import { BrowseStep } from './steps/BrowseStep';
import { ClientSelectStep } from './steps/ClientSelectStep';
import { ApplianceOfflineStep, ErrorStep, GenericErrorStep, NotAvailableStep } from './steps/ErrorSteps';
import { ExposeShareStep } from './steps/ExposeShareStep';
import { LaterStep } from './steps/LaterStep';
import { LoadingStep } from './steps/LoadingStep';
import { RecoverToolSelectStep } from './steps/RecoverToolSelectStep';
import { RestoreStep } from './steps/RestoreStep';
import { RestoreTypeStep } from './steps/RestoreTypeStep';
import { ExportCompleteStep } from './steps/rb/ExportCompleteStep';
import { ExportVirtualDiskStep, RbExportTypeStep } from './steps/rb/RbExportTypeStep';
import { RbSelectFilesStep } from './steps/rb/RbSelectFilesStep';
import { RbSetDeviceStep } from './steps/rb/RbSetDeviceStep';
import { RecoveryInProgressStep } from './steps/rb/RecoveryInProgressStep';
import { SelectRestorePointStep } from './steps/rb/SelectRestorePointStep';
import { SetPsPasswordStep } from './steps/rb/SetPsPasswordStep';
import { TypeRbStep } from './steps/rb/TypeRbStep';
import { SetApplianceStep } from './steps/SetApplianceStep';
import { SetDeviceStep } from './steps/SetDeviceStep';
import { SetDriveStep } from './steps/SetDriveStep';
import { SetJobStep } from './steps/SetJobStep';
import { SetRecoveryPointStep } from './steps/SetRecoveryPointStep';
import { ExportChangeFormatStep, RevokeMountStep } from './steps/ShareFixSteps';
import { TypeStep } from './steps/TypeStep';
import type { StepProps } from './steps/types';
import { VIRTUALIZATION_VIEWS } from './steps/virtualization/views';

/** One component per step; steps of the next part fall back to LaterStep. */
const VIEWS: Partial<Record<StepName, ComponentType<StepProps>>> = {
  loading: LoadingStep,
  clientSelect: ClientSelectStep,
  recoverToolSelect: RecoverToolSelectStep,
  type: TypeStep,
  restoreType: RestoreTypeStep,
  setAppliance: SetApplianceStep,
  setDevice: SetDeviceStep,
  setJob: SetJobStep,
  setDrive: SetDriveStep,
  setRecoveryPoint: SetRecoveryPointStep,
  browse: BrowseStep,
  restore: RestoreStep,
  exposeCifsShare: ExposeShareStep,
  exportChangeFormat: ExportChangeFormatStep,
  revokeMount: RevokeMountStep,
  genericError: GenericErrorStep,
  applianceOffline: ApplianceOfflineStep,
  notAvailable: NotAvailableStep,
  error: ErrorStep,
  typeRB: TypeRbStep,
  rbSetDevice: RbSetDeviceStep,
  setPsPassword: SetPsPasswordStep,
  selectRestorePoint: SelectRestorePointStep,
  rbSelectFiles: RbSelectFilesStep,
  rbExportType: RbExportTypeStep,
  exportVirtualDisk: ExportVirtualDiskStep,
  recoveryInProgress: RecoveryInProgressStep,
  exportComplete: ExportCompleteStep,
  ...VIRTUALIZATION_VIEWS,
};

export function StepView(props: StepProps) {
  const View = VIEWS[props.state.step.name] ?? LaterStep;
  return <View {...props} />;
}
