import { IconServer } from '../../components/icons';
import { PlaceholderPage } from '../../components/PlaceholderPage';
import { usePageLinks } from '../../components/usePageLinks';

/** /dashboard/appliance_list: the appliance list opened from the dashboard's quick actions. */
export function ApplianceListPage() {
  const { tab, home } = usePageLinks();
  return (
    <PlaceholderPage
      title="Appliance list"
      eyebrow="Dashboard"
      icon={<IconServer />}
      summary="The appliances behind the dashboard's figures, with their status and the systems they protect."
      links={[
        tab('reseller-dashboard', 'Back to the dashboard'),
        tab('appliances', 'See all appliances'),
        home,
      ]}
    />
  );
}
