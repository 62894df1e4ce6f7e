import { ftpsCalls, RB_INELIGIBLE_TEXT, type RbDeviceRow, rbIneligibility } from '@lifeboat/contract';
import { Group, Text, Tooltip } from '@mantine/core';
import { useCall } from '../../../../api/useCall';
import { IconKey } from '../../../../components/icons';
import { pointTimeText } from '../../format';
import { ChoiceTable, type Column } from '../ChoiceTable';

// The second tool's device table, shared by the recovery wizard's rbSetDevice and the Azure
// wizard's device step (spec: recovery-flow 5; dashboard-device-azure 5): its columns, their
// order and titles come from GET /device/load_rb_devices_table_columns (spec 7); ineligible rows
// say why in a tooltip, eligible password-protected ones show a key.

type Cell = Pick<Column<RbDeviceRow>, 'render' | 'wide'>;

/** How each column the server may list draws its cell; a column not known here is left out. */
const CELLS: Record<string, Cell> = {
  psName: {
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
  applianceName: { render: (d) => d.applianceName, wide: true },
  systemType: { render: (d) => `${d.systemType} · ${d.systemOsType}`, wide: true },
  latestCloudRp: { render: (d) => (d.latestCloudRp ? pointTimeText(d.latestCloudRp) : '—') },
};

function useColumns() {
  const q = useCall(ftpsCalls.rbColumns, {}, { staleTime: Infinity });
  const columns = (q.data?.columns ?? []).flatMap((c): Column<RbDeviceRow>[] => {
    const cell = CELLS[c.key];
    return cell ? [{ key: c.key, title: c.title, ...cell }] : [];
  });
  return { q, columns };
}

/** The device rows with their eligibility; `forDisk` also refuses macOS and NAS. */
export function RbDeviceTable(p: {
  rows: RbDeviceRow[] | undefined;
  forDisk: boolean;
  onChoose: (device: RbDeviceRow) => void;
  loading: boolean;
  error: Error | null;
  onRetry: () => void;
}) {
  const { q, columns } = useColumns();
  return (
    <ChoiceTable
      label="protected systems"
      rows={p.rows}
      columns={columns}
      rowKey={(d) => d.id}
      disabledReason={(d) => {
        const why = rbIneligibility(d, p.forDisk);
        return why ? RB_INELIGIBLE_TEXT[why] : null;
      }}
      onChoose={p.onChoose}
      loading={p.loading || q.isPending}
      error={p.error ?? q.error}
      onRetry={() => {
        if (q.error) void q.refetch();
        if (p.error) p.onRetry();
      }}
      empty="This client has no system protected by the second tool."
    />
  );
}
