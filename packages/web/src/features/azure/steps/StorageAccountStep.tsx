import type { AzureResourceGroupRow, AzureStorageAccountRow } from '@lifeboat/contract';
import { azureCalls } from '@lifeboat/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../api/call';
import { callKey } from '../../../api/useCall';
import { ChoiceTable, type Column } from '../../recovery/steps/ChoiceTable';
import { saveAzureAccount } from '../api';
import type { AzureWizard } from '../useAzureWizard';
import { usePreselect } from './usePreselect';

const COLUMNS: Column<AzureStorageAccountRow>[] = [
  { key: 'name', title: 'Storage account', render: (a) => a.name },
  { key: 'location', title: 'Region', render: (a) => a.location_display_name },
];
const none = () => null;

/** The storage accounts of the chosen resource group (spec 3: the name is the id's last segment). */
export function StorageAccountStep({ w }: { w: AzureWizard }) {
  const g = w.extra.group as AzureResourceGroupRow | undefined;
  const sub = g?.subscription_id ?? '';
  const name = g?.name ?? '';
  // Keyed by the group: a resource group change reloads the storage accounts (spec 4).
  const input = { form: { subscription_id: sub, resource_group_name: name } };
  const q = useQuery({
    queryKey: callKey(azureCalls.storageAccounts, input),
    queryFn: async () => {
      const r = await call(azureCalls.storageAccounts, input);
      if (!r.success) throw new Error(r.error ?? 'The storage accounts could not be loaded.');
      return r.table_data;
    },
    enabled: w.sel.resourceGroup !== null && name !== '',
    // They belong to this visit's Azure session: never taken from an earlier visit's cache.
    staleTime: 0,
    gcTime: 0,
  });
  const choose = (a: AzureStorageAccountRow) =>
    w.choose('storageAccount', a.id, `${a.name} (${a.location_display_name})`, () =>
      saveAzureAccount({ name: a.name, region: a.location_display_name }),
    );
  usePreselect(q.data, w.sel.storageAccount, none, choose);
  return (
    <ChoiceTable
      label="storage accounts"
      rows={q.data}
      columns={COLUMNS}
      rowKey={(a) => a.id}
      onChoose={(a) => void choose(a)}
      loading={q.isPending}
      error={q.error}
      onRetry={() => void q.refetch()}
      empty="This resource group has no storage account. Choose another resource group, or create a storage account in the Azure portal."
    />
  );
}
