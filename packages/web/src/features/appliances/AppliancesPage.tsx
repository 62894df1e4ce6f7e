import { IconServer } from '../../components/icons';
import { PlaceholderPage } from '../../components/PlaceholderPage';
import { usePageLinks } from '../../components/usePageLinks';

/** The appliances tab (/appliance/empty_table, optionally ?reseller_id=). */
export function AppliancesPage() {
  const { tab, home } = usePageLinks();
  return (
    <PlaceholderPage
      title="Appliances"
      icon={<IconServer />}
      summary="The backup appliances at your clients' sites: whether they are online, and what they protect."
      parts={[
        'A searchable table of appliances with status, client and storage',
        'A sign-in link to each appliance',
      ]}
      links={[tab('devices', 'See devices'), home]}
    />
  );
}
