import { IconServer } from '../../components/icons';
import { PlaceholderPage } from '../../components/PlaceholderPage';
import { usePageLinks } from '../../components/usePageLinks';

/** The provider's support appliances tab (spec: dashboard-device-azure 6). */
export function SupportAppliancesPage() {
  const { tab, home } = usePageLinks();
  return (
    <PlaceholderPage
      title="Support appliances"
      icon={<IconServer />}
      summary="Every appliance on the platform, for the provider's support staff: find one by serial, client or reseller and sign in to it."
      parts={['A searchable table of all appliances', 'Status, version and owner of each appliance']}
      links={[tab('appliances', 'See appliances'), home]}
    />
  );
}
