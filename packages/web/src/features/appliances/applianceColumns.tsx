import type { ApplianceRow } from '@lifeboat/contract';
import { NativeSelect, Text } from '@mantine/core';
import type { ListState } from '../../components/lists/useListState';
import { formatCount, NameCell, StatusBadge } from '../entities/cells';
import type { EntityColumn } from '../entities/EntityTable';

/** Columns of the appliances tab and of the staff's support appliances. */
export function applianceColumns(withReseller: boolean): EntityColumn<ApplianceRow>[] {
  return [
    {
      key: 'name',
      label: 'Appliance',
      render: (r) => (
        <>
          <NameCell to={`/appliance/details/${r.id}`}>{r.name}</NameCell>
          <Text size="xs" c="dimmed">
            {r.model_name} · serial {r.sid}
          </Text>
        </>
      ),
    },
    {
      key: 'status',
      label: 'Status',
      render: (r) => <StatusBadge ok={r.online} yes="Online" no="Offline" />,
    },
    ...(withReseller
      ? [
          {
            key: 'reseller',
            label: 'Reseller',
            render: (r: ApplianceRow) => r.reseller_name,
            visibleFrom: 'md' as const,
          },
        ]
      : []),
    { key: 'client', label: 'Client', render: (r) => r.client_name, visibleFrom: 'sm' },
    { key: 'devices', label: 'Devices', align: 'right', render: (r) => formatCount(r.devices) },
    { key: 'version', label: 'Version', render: (r) => r.version, visibleFrom: 'lg' },
  ];
}

const STATUS_OPTIONS = [
  { value: '', label: 'Online and offline' },
  { value: 'online', label: 'Online' },
  { value: 'offline', label: 'Offline' },
];

/** The online/offline filter of the appliance tables. */
export function ApplianceStatusFilter({ state }: { state: ListState }) {
  return (
    <NativeSelect
      aria-label="Status"
      value={state.filter('status')}
      onChange={(e) => state.setFilter('status', e.currentTarget.value || null)}
      data={STATUS_OPTIONS}
    />
  );
}

/** The support login page of an appliance, opened in a new window: by serial (spec: 2.1). */
export const applianceSupportHref = (r: Pick<ApplianceRow, 'id' | 'sid'>) =>
  `/appliance/login/${encodeURIComponent(r.sid || String(r.id))}`;
