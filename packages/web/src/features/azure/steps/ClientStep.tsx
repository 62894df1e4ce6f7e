import {
  AZURE_CLIENT_INELIGIBLE_TEXT,
  azureClientIneligibility,
  type ResellerClientRow,
  recoveryCalls,
} from '@lifeboat/contract';
import { useCall } from '../../../api/useCall';
import { ChoiceTable, type Column } from '../../recovery/steps/ChoiceTable';
import { saveAzureClient } from '../api';
import type { AzureWizard } from '../useAzureWizard';
import { usePreselect } from './usePreselect';

const COLUMNS: Column<ResellerClientRow>[] = [
  { key: 'name', title: 'Client', render: (c) => c.name },
  { key: 'servers', title: 'Servers', render: (c) => c.server_count, wide: true },
  { key: 'workstations', title: 'Workstations', render: (c) => c.workstation_count, wide: true },
];

/** spec 5: why a client cannot be chosen (the server's reason first). */
export function clientDisabledReason(c: ResellerClientRow): string | null {
  if (c.no_rp_tooltip) return c.no_rp_tooltip;
  const why = azureClientIneligibility({
    has_brc: c.has_brc === 1,
    has_x360recover: c.has_x360recover === 1,
    has_macos_only: c.has_macos_only === 1,
    machines_latest_schedule_rp_count: c.machines_latest_schedule_rp_count,
  });
  return why ? AZURE_CLIENT_INELIGIBLE_TEXT[why] : null;
}

/** The client step (resellers only; dashboard-device-azure 2.5, 5). */
export function ClientStep({ w }: { w: AzureWizard }) {
  const resellerId = w.sel.reseller ?? 0;
  const q = useCall(
    recoveryCalls.resellerClients,
    { params: { resellerId }, query: {} },
    { enabled: resellerId > 0 },
  );
  const rows = q.data?.table_data.data;
  const choose = (c: ResellerClientRow) => w.choose('client', c.id, c.name, () => saveAzureClient(c.id));
  usePreselect(rows, w.sel.client, clientDisabledReason, choose);
  return (
    <ChoiceTable
      label="clients"
      rows={rows}
      columns={COLUMNS}
      rowKey={(c) => c.id}
      disabledReason={clientDisabledReason}
      onChoose={(c) => void choose(c)}
      loading={q.isPending}
      error={q.error}
      onRetry={() => void q.refetch()}
      empty="This reseller has no client yet."
    />
  );
}
