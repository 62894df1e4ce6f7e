import {
  type LocationsAnswer,
  type VirtualizationLocation,
  virtualizationCalls as v,
} from '@lifeboat/contract';
import { Alert, Button, Skeleton, Stack } from '@mantine/core';
import { useCall } from '../../../../api/useCall';
import { locationsFor } from '../../engine/virtualization';
import { type Choice, ChoiceCards } from '../ChoiceCards';
import { StepFooter } from '../StepFooter';
import type { StepProps } from '../types';

const TEXT: Record<
  VirtualizationLocation,
  { label: string; description: string; flag: keyof LocationsAnswer }
> = {
  cloud: {
    label: 'Virtual machine in the cloud',
    description: "Start it, or the client's whole office, in the cloud: as a test or for production.",
    flag: 'cloud_vm',
  },
  appliance: {
    label: 'Virtual machine on the appliance',
    description: 'Start the system as a virtual machine on its appliance.',
    flag: 'local_vm',
  },
  'vm-export': {
    label: 'VMDK export',
    description: 'A disk for VMware, as a network share.',
    flag: 'vmdk_export',
  },
  'vhd-export': {
    label: 'VHD export',
    description: 'A disk for Hyper-V and Azure, as a network share.',
    flag: 'vhd_export',
  },
  'vhdx-export': {
    label: 'VHDX export',
    description: 'A disk for Hyper-V, as a network share.',
    flag: 'vhdx_export',
  },
};

type LocateChoice = VirtualizationLocation | 'files';

const FILES: Choice<LocateChoice> = {
  value: 'files',
  label: 'Files and folders',
  description: 'Download files from a restore point, or open it as a network share.',
};

/**
 * locateVirtualization: each location only when virtualization_locations offers it (spec:
 * recovery-flow 2). A device's own Recover starts here before any type is chosen, so its files
 * are offered too; a device whose backups offer neither a machine nor a disk (a NAS) is offered
 * its files with the reason, never a dead end (spec: recovery-flow 2 'Entry points').
 */
export function LocateVirtualizationStep({ state, dispatch }: StepProps) {
  const d = state.data;
  const clientId = d.client?.id ?? 0;
  const applianceId = d.device?.appliance_id ?? d.appliance?.id ?? 0;
  const deviceId = d.device?.id ?? 0;
  // A device's own locations when the wizard has one, else the appliance's.
  const forDevice = useCall(
    v.deviceLocations,
    { params: { clientId, applianceId, deviceId } },
    { enabled: clientId > 0 && deviceId > 0 },
  );
  const forAppliance = useCall(
    v.locations,
    { params: { clientId, applianceId } },
    { enabled: clientId > 0 && deviceId <= 0 },
  );
  const q = deviceId > 0 ? forDevice : forAppliance;
  const offered = q.data ? locationsFor(d.type).filter((l) => q.data[TEXT[l].flag]) : [];
  const nothing = q.data !== undefined && offered.length === 0;
  const choices: Choice<LocateChoice>[] = offered.map((l) => ({ value: l, ...TEXT[l] }));
  if (q.data && (d.type === null || nothing)) choices.push(FILES);
  const subject = d.device?.name ?? d.client?.name ?? 'This client';
  const choose = (c: LocateChoice) =>
    c === 'files'
      ? dispatch({ type: 'chooseType', value: 'file_or_folder' })
      : dispatch({ type: 'chooseLocation', location: c, supportDynamic: q.data?.support_dynamic ?? false });
  return (
    <Stack gap="md">
      {q.isPending && <Skeleton h={96} radius="md" />}
      {q.error && (
        <Alert color="red" title="The choices could not be loaded">
          {q.error.message}{' '}
          <Button variant="subtle" size="compact-sm" onClick={() => void q.refetch()}>
            Try again
          </Button>
        </Alert>
      )}
      {nothing && (
        <Alert color="gray" title="No virtual machine or disk here">
          {subject} cannot be started as a virtual machine or exported as a virtual disk: its backups offer
          neither. Its files and folders can be recovered.
        </Alert>
      )}
      {choices.length > 0 && <ChoiceCards choices={choices} onChoose={choose} />}
      <StepFooter state={state} dispatch={dispatch} />
    </Stack>
  );
}
