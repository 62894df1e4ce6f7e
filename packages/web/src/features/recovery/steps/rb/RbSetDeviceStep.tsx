import { RB_INELIGIBLE_TEXT, type RbDeviceRow, rbIneligibility } from '@lifeboat/contract';
import { Group, Text, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconKey } from '../../../../components/icons';
import { pointTimeText } from '../../format';
import { fetchRbDevices, ftpsKeys } from '../../ftps-api';
import { ChoiceTable, type Column } from '../ChoiceTable';
import { StepFooter } from '../StepFooter';
import type { StepProps } from '../types';
import { clearOffset } from './offsetCookie';

const COLUMNS: Column<RbDeviceRow>[] = [
  {
    key: 'psName',
    title: 'Protected system',
    render: (d) => (
      <Group gap={6} wrap="nowrap">
        <Text fw={500}>{d.psName}</Text>
        {d.isPasswordProtected && (
          <Tooltip label="Password protected">
            <span data-testid="key-icon" role="img" aria-label="Password protected">
              <IconKey size={16} />
            </span>
          </Tooltip>
        )}
      </Group>
    ),
  },
  { key: 'applianceName', title: 'Appliance', render: (d) => d.applianceName, wide: true },
  { key: 'systemType', title: 'Type', render: (d) => `${d.systemType} · ${d.systemOsType}`, wide: true },
  {
    key: 'latestCloudRp',
    title: 'Latest cloud restore point',
    render: (d) => (d.latestCloudRp ? pointTimeText(d.latestCloudRp) : '—'),
  },
];

/** rbSetDevice: the second tool's systems; ineligible ones say why (spec: recovery-flow 5). */
export function RbSetDeviceStep({ state, dispatch }: StepProps) {
  const clientId = state.data.client?.id ?? 0;
  const forDisk = state.data.rb.kind === 'disk';
  const q = useQuery({ queryKey: ftpsKeys.devices(clientId), queryFn: () => fetchRbDevices(clientId) });
  return (
    <>
      <ChoiceTable
        label="protected systems"
        rows={q.data?.data}
        columns={COLUMNS}
        rowKey={(d) => d.id}
        disabledReason={(d) => {
          const why = rbIneligibility(d, forDisk);
          return why ? RB_INELIGIBLE_TEXT[why] : null;
        }}
        onChoose={(device) => {
          // The calendar's remembered month belongs to the previous device.
          clearOffset();
          dispatch({ type: 'rbChooseDevice', device });
        }}
        loading={q.isPending}
        error={q.error}
        onRetry={() => void q.refetch()}
        empty="This client has no system protected by the second tool."
      />
      <StepFooter state={state} dispatch={dispatch} />
    </>
  );
}
