import type { DistributorRow } from '@lifeboat/contract';
import { Stack } from '@mantine/core';
import { PageHeader } from '../../components/PageHeader';
import { formatCount, formatDate, NameCell } from '../entities/cells';
import { type EntityColumn, EntityTable } from '../entities/EntityTable';
import { useEntityListState } from '../entities/useEntityListState';

const COLUMNS: EntityColumn<DistributorRow>[] = [
  { key: 'name', label: 'Distributor', render: (r) => <NameCell>{r.name}</NameCell> },
  { key: 'resellers', label: 'Resellers', align: 'right', render: (r) => formatCount(r.resellers) },
  { key: 'email', label: 'Contact', render: (r) => r.email ?? '—', visibleFrom: 'sm' },
  { key: 'created', label: 'Since', render: (r) => formatDate(r.created_at), visibleFrom: 'md' },
];

/** The distributor tab (the provider's staff). */
export function DistributorsPage() {
  const state = useEntityListState();
  return (
    <Stack gap="lg">
      <PageHeader title="Distributors" subtitle="The distributors between the provider and its resellers." />
      <EntityTable
        entity="distributor"
        noun="distributors"
        state={state}
        columns={COLUMNS}
        rowLabel={(r) => r.name}
        searchPlaceholder="Search distributors by name"
      />
    </Stack>
  );
}
