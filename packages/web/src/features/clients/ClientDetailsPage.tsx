import { IconBuilding } from '../../components/icons';
import { PlaceholderPage } from '../../components/PlaceholderPage';
import { usePageLinks } from '../../components/usePageLinks';

/** A client's page (/client/details/{id}); a client user's home. */
export function ClientDetailsPage({ clientId }: { clientId: number }) {
  const { user, tab, page, home } = usePageLinks();
  const own = user.organisationId === clientId;
  return (
    <PlaceholderPage
      title={own ? user.organisationName : `Client ${clientId}`}
      eyebrow="Client"
      icon={<IconBuilding />}
      summary="This client's protected systems, their backup health and the ways to recover them."
      parts={[
        'Protected systems with their last backup and health',
        'Appliances and vaults in use',
        'Runbooks for the virtual office',
      ]}
      links={[
        own ? null : tab('clients', 'Back to clients'),
        tab('devices', 'See devices'),
        page('clients', `/client/runbooks/${clientId}`, 'Runbooks'),
        page('clients', `/settings/client_settings/view/${clientId}`, 'Client settings'),
        home,
      ]}
    />
  );
}
