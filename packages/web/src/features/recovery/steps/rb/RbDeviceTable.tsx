import { RB_INELIGIBLE_TEXT, type RbDeviceRow, rbIneligibility } from '@lifeboat/contract';
import { Group, Text, Tooltip } from '@mantine/core';
import { IconKey } from '../../../../components/icons';
import { pointTimeText } from '../../format';
import { ChoiceTable, type Column } from '../ChoiceTable';

// The second tool's device table, shared by the recovery wizard's rbSetDevice and the Azure
// wizard's device step (spec: recovery-flow 5; dashboard-device-azure 5): ineligible rows say
// why in a tooltip, eligible password-protected ones show a key.

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

/** The device rows with their eligibility; `forDisk` also refuses macOS and NAS. */
export function RbDeviceTable(p: {
  rows: RbDeviceRow[] | undefined;
  forDisk: boolean;
  onChoose: (device: RbDeviceRow) => void;
  loading: boolean;
  error: Error | null;
  onRetry: () => void;
}) {
  return (
    <ChoiceTable
      label="protected systems"
      rows={p.rows}
      columns={COLUMNS}
      rowKey={(d) => d.id}
      disabledReason={(d) => {
        const why = rbIneligibility(d, p.forDisk);
        return why ? RB_INELIGIBLE_TEXT[why] : null;
      }}
      onChoose={p.onChoose}
      loading={p.loading}
      error={p.error}
      onRetry={p.onRetry}
      empty="This client has no system protected by the second tool."
    />
  );
}
