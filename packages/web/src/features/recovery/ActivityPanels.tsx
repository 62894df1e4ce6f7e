import { SimpleGrid } from '@mantine/core';
import { CloudSharePanel } from './panels/CloudSharePanel';
import { LocalSharesPanel } from './panels/LocalSharesPanel';

// The recovery area's activity panels on the reseller dashboard and the client page (spec:
// recovery-flow 'Cloud share expiry', inventory-reports-exports-security 'Local shares feed').
// The dashboard renders these slots; the recovery area fills them.

export function ResellerActivityPanels({ resellerId }: { resellerId: number }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <CloudSharePanel scope="reseller" id={resellerId} />
      <LocalSharesPanel resellerId={resellerId} />
    </SimpleGrid>
  );
}

export function ClientActivityPanels({ clientId }: { clientId: number }) {
  return <CloudSharePanel scope="client" id={clientId} />;
}
