import type { RecoveryDevice } from '@lifeboat/contract';
import { Badge, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { fetchDevices, recoveryKeys } from '../api';
import { deviceSelectable } from '../engine/rules';
import { pointTimeText } from '../format';
import { ChoiceTable, type Column } from './ChoiceTable';
import { StepFooter } from './StepFooter';
import type { StepProps } from './types';
import { fetchExportDevices } from './virtualization/api';

const COLUMNS: Column<RecoveryDevice>[] = [
  { key: 'name', title: 'Device', render: (d) => <Text fw={500}>{d.name}</Text> },
  { key: 'os', title: 'System', render: (d) => `${d.device_type} · ${d.os_type}`, wide: true },
  {
    key: 'last',
    title: 'Last backup',
    render: (d) => (d.last_rp_at ? pointTimeText(d.last_rp_at) : '—'),
    wide: true,
  },
  {
    key: 'state',
    title: '',
    render: (d) =>
      d.state ? (
        <Badge color="orange" variant="light">
          Failover test
        </Badge>
      ) : null,
  },
];

/** setDevice: devices with points there; rows in a failover test are disabled. */
export function SetDeviceStep({ state, dispatch }: StepProps) {
  const clientId = state.data.client?.id ?? 0;
  const applianceId = state.data.via === 'appliance' ? (state.data.appliance?.id ?? 0) : 0;
  // A disk export lists the devices whose disks the appliance exports in that format; a local VM
  // those it can virtualize, the same ones (first generation, no NAS or Mac: sva/VMDK).
  const vm = state.data.vm;
  const format = vm.format ?? (vm.location === 'appliance' ? 'VMDK' : null);
  const dynamic = vm.exportType === 'dynamic' && vm.format !== null;
  const q = useQuery({
    queryKey: [...recoveryKeys.devices(clientId, applianceId), format, dynamic],
    queryFn: () =>
      format
        ? fetchExportDevices(clientId, applianceId, format, dynamic)
        : fetchDevices(clientId, applianceId),
  });
  return (
    <>
      <ChoiceTable
        label="devices"
        rows={q.data?.devices}
        columns={COLUMNS}
        rowKey={(d) => d.id}
        disabledReason={(d) =>
          deviceSelectable(d)
            ? null
            : 'A failover test of this device is running. Stop it before recovering from it.'
        }
        onChoose={(device) => dispatch({ type: 'chooseDevice', device })}
        loading={q.isPending}
        error={q.error}
        onRetry={() => void q.refetch()}
        empty={
          applianceId
            ? 'No device of this appliance has local restore points.'
            : 'No device of this client has cloud restore points.'
        }
      />
      <StepFooter state={state} dispatch={dispatch} />
    </>
  );
}
