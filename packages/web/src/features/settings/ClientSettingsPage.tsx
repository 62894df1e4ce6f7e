import { IconSettings } from '../../components/icons';
import { PlaceholderPage } from '../../components/PlaceholderPage';
import { usePageLinks } from '../../components/usePageLinks';

/** /settings/client_settings/view/{id}. */
export function ClientSettingsPage({ clientId }: { clientId: number }) {
  const { page, home } = usePageLinks();
  return (
    <PlaceholderPage
      title="Client settings"
      eyebrow={`Client ${clientId}`}
      icon={<IconSettings />}
      summary="Settings for this client: alert thresholds, the virtual office and its advanced options."
      parts={['Alert thresholds', 'Virtual office: site-to-site VPN and runbook settings']}
      links={[page('clients', `/client/details/${clientId}`, 'Back to the client'), home]}
    />
  );
}
