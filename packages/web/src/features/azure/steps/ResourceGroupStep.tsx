import type { AzureResourceGroupRow } from '@lifeboat/contract';
import { azureCalls } from '@lifeboat/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../api/call';
import { callKey } from '../../../api/useCall';
import { ChoiceTable, type Column } from '../../recovery/steps/ChoiceTable';
import { saveAzureGroup } from '../api';
import type { AzureWizard } from '../useAzureWizard';
import { usePreselect } from './usePreselect';

const COLUMNS: Column<AzureResourceGroupRow>[] = [
  { key: 'name', title: 'Resource group', render: (g) => g.name },
  { key: 'subscription', title: 'Subscription', render: (g) => g.subscription_display_name },
  { key: 'location', title: 'Region', render: (g) => g.location_display_name, wide: true },
];
const none = () => null;

/** The resource groups of the signed-in account, across its subscriptions (spec 3, 4). */
export function ResourceGroupStep({ w }: { w: AzureWizard }) {
  const login = w.sel.login ?? '';
  // Keyed by the login: a login change reloads the resource groups (spec 4).
  const q = useQuery({
    // The login is not the call's input (the server's Azure session is): it extends the key.
    queryKey: [...callKey(azureCalls.resourceGroups), login],
    queryFn: async () => {
      const r = await call(azureCalls.resourceGroups);
      if (!r.success) throw new Error(r.error ?? 'The resource groups could not be loaded.');
      return r.table_data;
    },
    enabled: login !== '',
    // They belong to this visit's Azure session: never taken from an earlier visit's cache.
    staleTime: 0,
    gcTime: 0,
  });
  const choose = (g: AzureResourceGroupRow) =>
    w.choose(
      'resourceGroup',
      g.id,
      `${g.name} (${g.subscription_display_name})`,
      () =>
        saveAzureGroup({
          subscription_id: g.subscription_id,
          subscription_name: g.subscription_display_name,
          name: g.name,
        }),
      {
        group: g,
      },
    );
  usePreselect(q.data, w.sel.resourceGroup, none, choose);
  return (
    <ChoiceTable
      label="resource groups"
      rows={q.data}
      columns={COLUMNS}
      rowKey={(g) => g.id}
      onChoose={(g) => void choose(g)}
      loading={q.isPending}
      error={q.error}
      onRetry={() => void q.refetch()}
      empty="This Azure account has no resource group. Create one in the Azure portal, then come back."
    />
  );
}
