import type { ResellerRow } from '@lifeboat/contract';
import { Anchor, Button, Stack } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { useCurrentUser } from '../../session/session';
import { ConfirmDelete } from '../entities/ConfirmDelete';
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

/** The resellers tab (distributors and the provider's staff): add, edit and delete resellers. */
export function ResellersPage() {
  const user = useCurrentUser();
  const state = useEntityListState();
  // null: closed; 'add': a new reseller; a row: that reseller edited.
  const [dialog, setDialog] = useState<ResellerRow | 'add' | null>(null);
  const [deleting, setDeleting] = useState<ResellerRow | null>(null);
  const addButton = <Button onClick={() => setDialog('add')}>Add reseller</Button>;
  return (
    <Stack gap="lg">
      <PageHeader
        title="Resellers"
        subtitle="The partners who look after clients' backups."
        actions={addButton}
      />
      {/* The home page of the provider's staff and distributors: requests they may decide. */}
      <ApprovalRequestsPanel />
      <EntityTable
        entity="reseller"
        noun="resellers"
        state={state}
        columns={COLUMNS}
        rowLabel={(r) => r.name}
        searchPlaceholder="Search resellers by name"
        actions={{
          onEdit: setDialog,
          onDelete: setDeleting,
          detailsHref: (r) => `/reseller/details/${r.id}`,
        }}
        emptyAction={addButton}
      />
      <ResellerDialog
        opened={dialog !== null}
        reseller={dialog === 'add' ? null : dialog}
        chooseDistributor={user.organisationKind === 'provider'}
        onClose={() => setDialog(null)}
        onSaved={() => {
          notifySaved(dialog === 'add' ? 'The reseller was added.' : 'The reseller was saved.');
          setDialog(null);
        }}
      />
      <ConfirmDelete
        entity="reseller"
        target={deleting && { id: deleting.id, label: deleting.name }}
        consequence="The reseller and its users are removed. A reseller that still has clients, appliances or private vaults cannot be deleted."
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
