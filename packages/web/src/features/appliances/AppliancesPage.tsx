import { Stack } from '@mantine/core';
import { PageHeader } from '../../components/PageHeader';
import { useCurrentUser } from '../../session/session';
import { EntityTable } from '../entities/EntityTable';
import { useEntityListState } from '../entities/useEntityListState';
import { ApplianceStatusFilter, applianceColumns, applianceSupportHref } from './applianceColumns';

const FILTERS = ['reseller_id', 'client_id', 'status'] as const;

/** The appliances tab (/appliance/empty_table, optionally ?reseller_id=). */
export function AppliancesPage() {
  const user = useCurrentUser();
  const state = useEntityListState(FILTERS);
  return (
    <Stack gap="lg">
      <PageHeader title="Appliances" subtitle="The backup appliances at your clients' sites." />
      <EntityTable
        entity="appliance"
        noun="appliances"
        state={state}
        columns={applianceColumns(user.organisationKind !== 'reseller')}
        rowLabel={(r) => r.name}
        searchPlaceholder="Search by name or serial"
        toolbar={<ApplianceStatusFilter state={state} />}
        actions={{ detailsHref: (r) => `/appliance/details/${r.id}`, supportHref: applianceSupportHref }}
      />
    </Stack>
  );
}
