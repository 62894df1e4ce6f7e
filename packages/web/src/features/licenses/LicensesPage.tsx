import type { LicenseRow } from '@lifeboat/contract';
import { Stack, Text } from '@mantine/core';
import { PageHeader } from '../../components/PageHeader';
import { LicenseRowUsage } from '../appliances/LicenceUsageCell';
import { formatBytes, NameCell } from '../entities/cells';
import { type EntityColumn, EntityTable } from '../entities/EntityTable';
import { useEntityListState } from '../entities/useEntityListState';

const TYPE_LABEL: Record<LicenseRow['license_type'], string> = {
  storage: 'Storage',
  endpoint: 'Endpoint',
  bdr_bundle: 'BDR bundle',
};

function seats(used: number, of: number) {
  return of > 0 ? `${used} / ${of}` : used > 0 ? `${used}` : '—';
}

const COLUMNS: EntityColumn<LicenseRow>[] = [
  {
    key: 'appliance',
    label: 'Appliance',
    render: (r) => (
      <>
        <NameCell to={`/appliance/details/${r.id}`}>{r.appliance_name}</NameCell>
        <Text size="xs" c="dimmed">
          {r.client_name}
        </Text>
      </>
    ),
  },
  {
    key: 'license',
    label: 'License',
    render: (r) => (
      <>
        <Text size="sm">{r.license_name}</Text>
        <Text size="xs" c="dimmed">
          {TYPE_LABEL[r.license_type]}
        </Text>
      </>
    ),
  },
  {
    key: 'usage',
    label: 'Usage',
    render: (r) => <LicenseRowUsage row={r} />,
  },
  {
    key: 'servers',
    label: 'Servers',
    visibleFrom: 'sm',
    render: (r) => seats(r.used_servers, r.license_servers),
  },
  {
    key: 'workstations',
    label: 'Workstations',
    visibleFrom: 'sm',
    render: (r) => seats(r.used_workstations, r.license_workstations),
  },
  { key: 'nas', label: 'NAS', visibleFrom: 'md', render: (r) => seats(r.used_nas, r.license_nas) },
  {
    key: 'storage',
    label: 'Storage',
    visibleFrom: 'lg',
    render: (r) =>
      r.license_storage_bytes > 0
        ? `${formatBytes(r.storage_used_bytes)} of ${formatBytes(r.license_storage_bytes)}`
        : formatBytes(r.storage_used_bytes),
  },
];

/** The licenses tab: each appliance's license and how much of it is in use. */
export function LicensesPage() {
  const state = useEntityListState();
  return (
    <Stack gap="lg">
      <PageHeader
        title="Licenses"
        subtitle="The license of each appliance and the seats or storage it uses."
      />
      <EntityTable
        entity="license"
        noun="licenses"
        state={state}
        columns={COLUMNS}
        rowLabel={(r) => r.appliance_name}
        searchPlaceholder="Search by appliance name or serial"
        actions={{ detailsHref: (r) => `/appliance/details/${r.id}` }}
      />
    </Stack>
  );
}
