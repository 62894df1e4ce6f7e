import { IconRecover } from '../../components/icons';
import { PlaceholderPage } from '../../components/PlaceholderPage';
import { usePageLinks } from '../../components/usePageLinks';
import { usePageData } from '../dashboard/dashboardApi';

/** A client's runbooks (/client/runbooks/{id}): the ordered recovery of its virtual office. */
export function RunbooksPage({ clientId }: { clientId: number }) {
  const { page, home } = usePageLinks();
  return (
    <PlaceholderPage
      title="Runbooks"
      eyebrow={usePageData('client', clientId).data?.name ?? 'Client'}
      icon={<IconRecover />}
      summary="The runbooks that bring this client's systems up in the cloud in the right order when its office is down."
      parts={['Runbooks and the systems in each', 'Runbook settings and the site-to-site VPN']}
      links={[page('clients', `/client/details/${clientId}`, 'Back to the client'), home]}
    />
  );
}
