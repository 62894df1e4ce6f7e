import { ftpsCalls } from '@lifeboat/contract';
import { Alert, Skeleton } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useCall } from '../../../../api/useCall';
import { type Choice, ChoiceCards } from '../ChoiceCards';
import { StepFooter } from '../StepFooter';
import type { StepProps } from '../types';

type RbChoice = 'ffr' | 'disk' | 'diskDownload' | 'vo' | 'azure';

/** recovery-flow 2: choosing Azure direct restore leaves the wizard for its own page. */
export const AZURE_EXPORT_PATH = '/azure_export/view';

/** typeRB: what the second tool can recover here (spec: recovery-flow 2; get_available_recovery_options). */
export function TypeRbStep({ state, dispatch, close }: StepProps) {
  const navigate = useNavigate();
  const clientId = state.data.client?.id ?? 0;
  const deviceId = state.data.presetDevice ? (state.data.device?.id ?? null) : null;
  // The options of the device the wizard was opened for, else of the whole client.
  const forDevice = useCall(
    ftpsCalls.recoveryOptionsForDevice,
    { params: { clientId, applianceId: 0, deviceId: deviceId ?? 0 } },
    { enabled: deviceId !== null },
  );
  const forClient = useCall(
    ftpsCalls.recoveryOptions,
    { params: { clientId, applianceId: 0 } },
    { enabled: deviceId === null },
  );
  const q = deviceId === null ? forClient : forDevice;
  const choices: Choice<RbChoice>[] = [];
  if (q.data?.cloud_vo)
    choices.push({
      value: 'vo',
      label: 'Cloud virtual office',
      description:
        "Start the client's systems in the cloud, as a test or for production, by hand or from a runbook.",
    });
  if (q.data?.ftps_export_ffr)
    choices.push({
      value: 'ffr',
      label: 'Files and folders by FTPS',
      description: 'Choose folders and files of a restore point and download them with an FTPS client.',
    });
  if (q.data?.ftps_export_virtual_disk)
    choices.push({
      value: 'disk',
      label: 'Virtual disk by FTPS',
      description: 'Export the system disk as VHD, VHDX or VMDK and download it with an FTPS client.',
    });
  if (q.data?.virtual_disk_download)
    choices.push({
      value: 'diskDownload',
      label: 'Virtual disk as a download',
      description:
        'Convert the disk image a restore point holds to VHD, VHDX or VMDK and download it in the browser.',
    });
  if (q.data?.azure_direct_restore)
    choices.push({
      value: 'azure',
      label: 'Restore to Azure',
      description: "Copy a restore point's disks into a storage account of your customer's Azure tenant.",
    });
  const choose = (kind: RbChoice) => {
    if (kind === 'vo') return dispatch({ type: 'foBegin' });
    if (kind === 'diskDownload')
      return dispatch({ type: 'rbChooseType', kind: 'disk', delivery: 'download' });
    if (kind !== 'azure') return dispatch({ type: 'rbChooseType', kind });
    close();
    void navigate(AZURE_EXPORT_PATH);
  };
  return (
    <>
      {q.isPending && <Skeleton h={120} />}
      {q.error && (
        <Alert color="red" title="The recovery options could not be loaded">
          {q.error.message}
        </Alert>
      )}
      {q.data && choices.length === 0 && (
        <Alert color="yellow" title="Nothing to recover">
          No system of this client can be exported yet.
        </Alert>
      )}
      {choices.length > 0 && <ChoiceCards choices={choices} onChoose={choose} />}
      <StepFooter state={state} dispatch={dispatch} />
    </>
  );
}
