import {
  recoveryCalls as c,
  deviceTypeLabel,
  osLabel,
  type RecoveryDevice,
  virtualizationCalls as v,
} from '@lifeboat/contract';
import { Badge, Text } from '@mantine/core';
import { useCall } from '../../../api/useCall';
import { deviceSelectable } from '../engine/rules';
import { pointTimeText } from '../format';
import { ChoiceTable, type Column } from './ChoiceTable';
import { StepFooter } from './StepFooter';
import type { StepProps } from './types';

const COLUMNS: Column<RecoveryDevice>[] = [
  { key: 'name', title: 'Device', render: (d) => <Text fw={500}>{d.name}</Text> },
  {
    key: 'os',
    title: 'System',
    render: (d) => `${deviceTypeLabel(d.device_type)} · ${osLabel(d.os_type)}`,
    wide: true,
  },
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

/**
 * The devices the step offers: with points on the appliance, or (appliance 0) the client's with
 * cloud points. A disk export lists those whose disks the appliance exports in that format
 * (/sva/{format}[/1], spec: recovery-flow 7); a local VM those it can virtualize, the same ones
 * (first generation, no NAS or Mac: sva/VMDK). The one call that applies is asked.
 */
function useDevices(state: StepProps['state'], applianceId: number) {
  const where = { clientId: state.data.client?.id ?? 0, applianceId };
  const vm = state.data.vm;
  const format = vm.format ?? (vm.location === 'appliance' ? 'VMDK' : null);
  const dynamic = vm.exportType === 'dynamic' && vm.format !== null;
  const sva = { ...where, format: format ?? '' };
  const local = useCall(c.localDevices, { params: where }, { enabled: !format && applianceId > 0 });
  const cloud = useCall(c.clientCloudDevices, { params: where }, { enabled: !format && applianceId <= 0 });
  const fixed = useCall(v.exportDevices, { params: sva }, { enabled: !!format && !dynamic });
  const flagged = useCall(v.exportDevicesFlagged, { params: { ...sva, flag: '1' } }, { enabled: dynamic });
  if (format) return dynamic ? flagged : fixed;
  return applianceId > 0 ? local : cloud;
}

/** setDevice: devices with points there; rows in a failover test are disabled. */
export function SetDeviceStep({ state, dispatch }: StepProps) {
  const applianceId = state.data.via === 'appliance' ? (state.data.appliance?.id ?? 0) : 0;
  const q = useDevices(state, applianceId);
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
