import type { DeviceRow, VmAction } from '@lifeboat/contract';
import { Anchor, Group, Loader, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { HealthBadge } from '../../components/HealthBadge';
import { formatDateTime } from '../../format/dateTime';
import { detailsPath, PENDING_LABELS, VM_STATE } from './labels';
import { RowActionsMenu } from './RowActionsMenu';
import { StatusBadge } from './StatusBadge';
import { VmScreen } from './VmScreen';

interface InventoryRowProps {
  row: DeviceRow;
  virtualized: boolean;
  busy: boolean;
  onVmAction: (row: DeviceRow, action: VmAction) => void;
}

export function VmStateCell({ row }: { row: DeviceRow }) {
  if (row.pending)
    return (
      <Group gap={6} wrap="nowrap">
        <Loader size={12} />
        <Text size="sm">{PENDING_LABELS[row.pending.action]}</Text>
      </Group>
    );
  if (!row.sva_job_status) return <Text size="sm">—</Text>;
  const s = VM_STATE[row.sva_job_status];
  return <StatusBadge color={s.color} label={s.label} />;
}

/** One device of the inventory; the name opens its details (spec: inventory 2). */
export function InventoryRow({ row, virtualized, busy, onVmAction }: InventoryRowProps) {
  const where = row.has_appliance
    ? (row.appliance_name ?? 'Appliance')
    : row.vault_only_device
      ? 'Vault only'
      : 'Direct to cloud';
  return (
    <Table.Tr data-testid={`inventory-row-${row.id}`}>
      <Table.Td maw={280}>
        <Anchor
          component={Link}
          to={detailsPath(row)}
          fw={600}
          size="sm"
          style={{ overflowWrap: 'anywhere' }}
        >
          {row.name}
        </Anchor>
        <Text size="xs" c="dimmed" visibleFrom="sm">
          {row.os_name}
        </Text>
      </Table.Td>
      <Table.Td visibleFrom="sm">
        <Text size="sm">{row.client_name}</Text>
      </Table.Td>
      {virtualized ? (
        <Table.Td data-testid="vm-state">
          <VmStateCell row={row} />
          <VmScreen row={row} />
        </Table.Td>
      ) : (
        <Table.Td style={{ whiteSpace: 'nowrap' }}>
          <HealthBadge status={row.health_status} />
        </Table.Td>
      )}
      {!virtualized && (
        <Table.Td visibleFrom="md">
          <Text size="sm">{row.last_rp_at === null ? 'None yet' : formatDateTime(row.last_rp_at)}</Text>
        </Table.Td>
      )}
      <Table.Td visibleFrom="md">
        <Text size="sm">
          {where}
          {row.has_appliance === 1 && row.appliance_online === 0 && (
            <Text span c="red" size="xs">
              {' '}
              (offline)
            </Text>
          )}
        </Text>
      </Table.Td>
      <Table.Td w={48}>
        <RowActionsMenu row={row} busy={busy || row.pending !== null} onVmAction={onVmAction} />
      </Table.Td>
    </Table.Tr>
  );
}
