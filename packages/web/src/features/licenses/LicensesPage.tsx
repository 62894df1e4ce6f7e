import { IconKey } from '../../components/icons';
import { PlaceholderPage } from '../../components/PlaceholderPage';
import { usePageLinks } from '../../components/usePageLinks';

export function LicensesPage() {
  const { tab, home } = usePageLinks();
  return (
    <PlaceholderPage
      title="Licenses"
      icon={<IconKey />}
      summary="The licenses of your appliances and protected systems, and when they renew."
      parts={['Licenses in use and available, per client', 'Expiry dates']}
      links={[tab('devices', 'See devices'), home]}
    />
  );
}
