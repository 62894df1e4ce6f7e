import { SimpleGrid, Stack } from '@mantine/core';
import { AzureJobsPanel } from '../azure/AzureJobsPanel';
import { usePageData } from '../dashboard/dashboardApi';
import { CloudSharePanel } from './panels/CloudSharePanel';
import { FtpsExportsPanel } from './panels/FtpsExportsPanel';
import { LocalSharesPanel } from './panels/LocalSharesPanel';

// The recovery area's activity panels on the reseller dashboard and the client page (spec:
// recovery-flow 'Cloud share expiry', inventory-reports-exports-security 'Local shares feed' and
// 'FTPS export activity feed', placed per inventory 6: the reseller dashboard, which staff reach
// from the resellers tab, and the client page of the clients tab).
// The dashboard renders these slots; the recovery area fills them.

export function ResellerActivityPanels({ resellerId }: { resellerId: number }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <CloudSharePanel scope="reseller" id={resellerId} />
      <LocalSharesPanel resellerId={resellerId} />
      <FtpsExportsPanel resellerId={resellerId} clientId={0} />
      <AzureJobsPanel scope="reseller" id={resellerId} />
    </SimpleGrid>
  );
}

export function ClientActivityPanels({ clientId }: { clientId: number }) {
  // The client's reseller, from the page data the client page loads anyway.
  const resellerId = usePageData('client', clientId).data?.reseller_id;
  return (
    <Stack gap="md">
      <CloudSharePanel scope="client" id={clientId} />
      {resellerId !== undefined && <FtpsExportsPanel resellerId={resellerId} clientId={clientId} />}
      <AzureJobsPanel scope="client" id={clientId} />
    </Stack>
  );
}
