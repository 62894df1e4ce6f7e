import { IconDashboard } from '../../components/icons';
import { PlaceholderPage } from '../../components/PlaceholderPage';
import { usePageLinks } from '../../components/usePageLinks';

/** The reseller dashboard (spec: dashboard-device-azure 2.2), for /reseller/details/{id}. */
export function ResellerDashboardPage({ resellerId }: { resellerId: number }) {
  const { user, tab, page, home } = usePageLinks();
  const own = user.organisationId === resellerId;
  return (
    <PlaceholderPage
      title={own ? 'Dashboard' : `Reseller ${resellerId}`}
      eyebrow={own ? undefined : 'Reseller'}
      icon={<IconDashboard />}
      summary="An overview of the reseller's organisation: what needs attention today, and the health of every client's protected systems."
      parts={[
        'Quick actions and the organisation at a glance',
        'Current client health and a week of health history',
        'Feeds of exports and shares, and tables of protected systems, appliances and vaults',
      ]}
      links={[
        tab('clients', 'See clients'),
        tab('devices', 'See devices'),
        own ? null : tab('resellers', 'Back to resellers'),
        page('reseller-dashboard', `/settings/reseller_settings/view/${resellerId}`, 'Reseller settings'),
        home,
      ]}
    />
  );
}
