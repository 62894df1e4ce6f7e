import type { ResellerRow } from '@lifeboat/contract';
import { Anchor, Stack } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { formatCount, NameCell } from '../entities/cells';
import { type EntityColumn, EntityTable } from '../entities/EntityTable';
import { notifySaved } from '../entities/notifySaved';
import { useEntityListState } from '../entities/useEntityListState';
import { ApprovalRequestsPanel } from '../recovery/office/ApprovalRequestsPanel';
import { ResellerDialog } from './ResellerDialog';

const COLUMNS: EntityColumn<ResellerRow>[] = [
  {
    key: 'name',
    label: 'Reseller',
    render: (r) => <NameCell to={`/reseller/details/${r.id}`}>{r.name}</NameCell>,
  },
  { key: 'distributor', label: 'Distributor', render: (r) => r.distributor_name ?? '—', visibleFrom: 'md' },
  {
    key: 'clients',
    label: 'Clients',
    align: 'right',
    render: (r) => (
      <Anchor component={Link} to={`/client/empty_table?reseller_id=${r.id}`}>
        {formatCount(r.clients)}
      </Anchor>
    ),
  },
  { key: 'devices', label: 'Devices', align: 'right', render: (r) => formatCount(r.devices) },
  { key: 'email', label: 'Contact', render: (r) => r.email ?? '—', visibleFrom: 'lg' },
];

/** The resellers tab (distributors and the provider's staff). */
export function ResellersPage() {
  const state = useEntityListState();
  const [editing, setEditing] = useState<ResellerRow | null>(null);
  return (
    <Stack gap="lg">
      <PageHeader title="Resellers" subtitle="The partners who look after clients' backups." />
      {/* The home page of the provider's staff and distributors: requests they may decide. */}
      <ApprovalRequestsPanel />
      <EntityTable
        entity="reseller"
        noun="resellers"
        state={state}
        columns={COLUMNS}
        rowLabel={(r) => r.name}
        searchPlaceholder="Search resellers by name"
        actions={{ onEdit: setEditing, detailsHref: (r) => `/reseller/details/${r.id}` }}
      />
      <ResellerDialog
        reseller={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          notifySaved('The reseller was saved.');
          setEditing(null);
        }}
      />
    </Stack>
  );
}
