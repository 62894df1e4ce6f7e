import { Stack } from '@mantine/core';
import { PageHeader } from '../../components/PageHeader';
import {
  ApplianceStatusFilter,
  applianceColumns,
  applianceSupportHref,
} from '../appliances/applianceColumns';
import { EntityTable } from '../entities/EntityTable';
import { useEntityListState } from '../entities/useEntityListState';

const FILTERS = ['status'] as const;

/** The provider staff's support appliances: every appliance, found by name or serial. */
export function SupportAppliancesPage() {
  const state = useEntityListState(FILTERS);
  return (
    <Stack gap="lg">
      <PageHeader
        title="Support appliances"
        subtitle="Every appliance on the platform, for support sessions. Search by name or exact serial."
      />
      <EntityTable
        entity="support_appliance"
        noun="appliances"
        state={state}
        columns={applianceColumns(true)}
        rowLabel={(r) => r.name}
        searchPlaceholder="Name or serial"
        toolbar={<ApplianceStatusFilter state={state} />}
        actions={{ detailsHref: (r) => `/appliance/details/${r.id}`, supportHref: applianceSupportHref }}
      />
    </Stack>
  );
}
