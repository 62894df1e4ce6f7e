import { IconVault } from '../../components/icons';
import { PlaceholderPage } from '../../components/PlaceholderPage';
import { usePageLinks } from '../../components/usePageLinks';

/** Azure direct restore (/azure_export/view; spec: dashboard-device-azure 2.5). */
export function AzureExportPage() {
  const { user, tab, home } = usePageLinks();
  const isClient = user.level === 0;
  return (
    <PlaceholderPage
      title="Restore to Azure"
      eyebrow="Recovery"
      icon={<IconVault />}
      summary="Export a protected system's restore point into a storage account in your own Azure tenant."
      parts={[
        isClient ? 'Steps: protected system' : 'Steps: client, protected system',
        'Restore point, Azure sign-in, resource group and storage account',
        'A summary to check before the export starts',
      ]}
      links={[tab('devices', 'Back to devices'), home]}
    />
  );
}
