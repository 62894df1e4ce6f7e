import type { LicenseRow } from '@lifeboat/contract';
import { Button, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { usePageLinks } from '../../components/usePageLinks';
import { LicenseRowUsage } from '../appliances/LicenceUsageCell';
import { formatCount, NameCell, StatusBadge } from '../entities/cells';
import { type EntityColumn, EntityTable } from '../entities/EntityTable';
import { useEntityListState } from '../entities/useEntityListState';

const TYPE_LABEL: Record<LicenseRow['license_type'], string> = {
  storage: 'Storage',
  endpoint: 'Endpoint',
  bdr_bundle: 'BDR bundle',
};

const COLUMNS: EntityColumn<LicenseRow>[] = [
  {
    key: 'appliance',
    label: 'Appliance',
    render: (r) => (
      <>
        <NameCell to={`/appliance/details/${r.id}`}>{r.appliance_name}</NameCell>
        <Text size="xs" c="dimmed">
          {r.model_name} · serial {r.sid}
        </Text>
      </>
    ),
  },
  { key: 'status', label: 'Status', render: (r) => <StatusBadge ok={r.online} yes="Online" no="Offline" /> },
  { key: 'client', label: 'Client', visibleFrom: 'md', render: (r) => r.client_name },
  {
    key: 'license',
    label: 'Licence',
    visibleFrom: 'lg',
    render: (r) => (
      <>
        <Text size="sm">{r.license_name}</Text>
        <Text size="xs" c="dimmed">
          {TYPE_LABEL[r.license_type]}
        </Text>
      </>
    ),
  },
  { key: 'usage', label: 'Licence use', visibleFrom: 'sm', render: (r) => <LicenseRowUsage row={r} /> },
  { key: 'devices', label: 'Systems', align: 'right', render: (r) => formatCount(r.devices) },
];

/**
 * /dashboard/appliance_list (spec 2.1): the appliances behind the dashboard's figures, each with
 * its status, licence use (seats and storage, labelled) and the systems it protects.
 */
export function ApplianceListPage() {
  const state = useEntityListState();
  const { tab } = usePageLinks();
  const back = tab('reseller-dashboard', 'Back to the dashboard');
  return (
    <Stack gap="lg">
      <PageHeader
        eyebrow="Dashboard"
        title="Appliance list"
        subtitle="Every appliance you look after, with its status, its licence use and the systems it protects."
        actions={
          back && (
            <Button component={Link} to={back.to} variant="default" size="xs">
              {back.label}
            </Button>
          )
        }
      />
      <EntityTable
        entity="license"
        noun="appliances"
        state={state}
        columns={COLUMNS}
        rowLabel={(r) => r.appliance_name}
        searchPlaceholder="Name or serial"
        actions={{ detailsHref: (r) => `/appliance/details/${r.id}` }}
      />
    </Stack>
  );
}
