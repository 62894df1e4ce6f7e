import type { VaultRow } from '@lifeboat/contract';
import { Stack, Text } from '@mantine/core';
import { PageHeader } from '../../components/PageHeader';
import { formatBytes, formatCount, NameCell, SoftBadge } from '../entities/cells';
import { type EntityColumn, EntityTable } from '../entities/EntityTable';
import { useEntityListState } from '../entities/useEntityListState';

const COLUMNS: EntityColumn<VaultRow>[] = [
  { key: 'name', label: 'Vault', render: (r) => <NameCell to={`/vault/details/${r.id}`}>{r.name}</NameCell> },
  {
    key: 'type',
    label: 'Type',
    render: (r) => (
      <SoftBadge color={r.vault_type === 'cloud' ? 'blue' : 'grape'}>
        {r.vault_type === 'cloud' ? 'Cloud' : 'Private'}
      </SoftBadge>
    ),
  },
  { key: 'servers', label: 'Servers', align: 'right', render: (r) => formatCount(r.servers) },
  { key: 'workstations', label: 'Workstations', align: 'right', render: (r) => formatCount(r.workstations) },
  {
    key: 'used',
    label: 'Used',
    visibleFrom: 'md',
    render: (r) => (
      <Text size="sm">
        {formatBytes(r.used_bytes)}
        {r.capacity_bytes > 0 && (
          <Text span c="dimmed" size="sm">
            {' '}
            of {formatBytes(r.capacity_bytes)}
          </Text>
        )}
      </Text>
    ),
  },
];

/** The vault tab (/vault/empty_table): cloud vaults and the reseller's private vaults. */
const FILTERS = ['reseller_id'] as const;

export function VaultsPage() {
  // ?reseller_id= (the dashboard's "Vaults" link): that reseller's vaults, as its dashboard lists them.
  const state = useEntityListState(FILTERS);
  return (
    <Stack gap="lg">
      <PageHeader
        title="Vaults"
        subtitle="Where your backups are replicated. Device counts cover your own systems; servers include NAS devices."
      />
      <EntityTable
        entity="vault"
        noun="vaults"
        state={state}
        columns={COLUMNS}
        rowLabel={(r) => r.name}
        searchPlaceholder="Search vaults by name"
        actions={{ detailsHref: (r) => `/vault/details/${r.id}`, supportHref: (r) => `/vault/login/${r.id}` }}
      />
    </Stack>
  );
}
