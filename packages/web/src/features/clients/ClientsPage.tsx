import type { ClientRow } from '@lifeboat/contract';
import { Button, NativeSelect, Stack } from '@mantine/core';
import { useState } from 'react';
import { PageHeader } from '../../components/PageHeader';
import { useCurrentUser, useRight } from '../../session/session';
import { ConfirmDelete } from '../entities/ConfirmDelete';
import { ClientHealth, formatCount, HEALTH_OPTIONS, NameCell } from '../entities/cells';
import { type EntityColumn, EntityTable } from '../entities/EntityTable';
import { notifySaved } from '../entities/notifySaved';
import { useEntityListState } from '../entities/useEntityListState';
import { ClientDialog } from './ClientDialog';

const FILTERS = ['reseller_id', 'health_status'] as const;

/** The clients tab (/client/empty_table, optionally ?reseller_id= and ?health_status=). */
export function ClientsPage() {
  const user = useCurrentUser();
  const state = useEntityListState(FILTERS);
  const [dialog, setDialog] = useState<{ clientId?: number } | null>(null);
  const [deleting, setDeleting] = useState<ClientRow | null>(null);
  // A reseller adds clients to itself; staff and distributors to the reseller they filtered on,
  // or choose one in the dialog (resellerId 0).
  const filterReseller = Number(state.filter('reseller_id')) || undefined;
  const ownReseller = user.organisationKind === 'reseller';
  const resellerId = ownReseller ? user.organisationId : filterReseller;
  const [editReseller, setEditReseller] = useState<number | undefined>(undefined);

  const columns: EntityColumn<ClientRow>[] = [
    {
      key: 'name',
      label: 'Client',
      render: (r) => <NameCell to={`/client/details/${r.id}`}>{r.name}</NameCell>,
    },
    ...(ownReseller
      ? []
      : [
          {
            key: 'reseller',
            label: 'Reseller',
            render: (r: ClientRow) => r.reseller_name,
            visibleFrom: 'sm' as const,
          },
        ]),
    {
      key: 'health',
      label: 'Health',
      render: (r) => <ClientHealth health={r.health_status} unprotected={r.unprotected_systems} />,
    },
    {
      key: 'devices',
      label: 'Devices',
      render: (r) => formatCount(r.devices),
      align: 'right',
      visibleFrom: 'sm',
    },
    {
      key: 'appliances',
      label: 'Appliances',
      render: (r) => formatCount(r.appliances),
      align: 'right',
      visibleFrom: 'md',
    },
    { key: 'email', label: 'Contact', render: (r) => r.email ?? '—', visibleFrom: 'lg' },
  ];

  const canAdd = useRight('manage_clients');
  const addButton = canAdd && <Button onClick={() => setDialog({})}>Add client</Button>;

  return (
    <Stack gap="lg">
      <PageHeader
        title="Clients"
        subtitle="The organisations whose systems you protect."
        actions={addButton}
      />
      <EntityTable
        entity="client"
        noun="clients"
        state={state}
        columns={columns}
        rowLabel={(r) => r.name}
        searchPlaceholder="Search clients by name"
        toolbar={
          <>
            {filterReseller !== undefined && !ownReseller && (
              <Button variant="light" size="sm" onClick={() => state.setFilter('reseller_id', null)}>
                One reseller only: show all
              </Button>
            )}
            <NativeSelect
              aria-label="Health"
              value={state.filter('health_status')}
              onChange={(e) => state.setFilter('health_status', e.currentTarget.value || null)}
              data={[{ value: '', label: 'Any health' }, ...HEALTH_OPTIONS]}
            />
          </>
        }
        actions={{
          onEdit: (r) => {
            setEditReseller(r.reseller_id);
            setDialog({ clientId: r.id });
          },
          onDelete: setDeleting,
          detailsHref: (r) => `/client/details/${r.id}`,
        }}
        emptyAction={addButton || undefined}
      />
      <ClientDialog
        opened={dialog !== null}
        onClose={() => setDialog(null)}
        resellerId={(dialog?.clientId ? editReseller : resellerId) ?? 0}
        clientId={dialog?.clientId}
        onSaved={() => {
          notifySaved(dialog?.clientId ? 'The client was saved.' : 'The client was added.');
          setDialog(null);
        }}
      />
      <ConfirmDelete
        entity="client"
        target={deleting && { id: deleting.id, label: deleting.name }}
        consequence="The client and its users are removed. A client that still has devices or appliances cannot be deleted."
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
