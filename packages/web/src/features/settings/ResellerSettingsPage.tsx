import { IconSettings } from '../../components/icons';
import { PlaceholderPage } from '../../components/PlaceholderPage';
import { usePageLinks } from '../../components/usePageLinks';

/** /settings/reseller_settings/view/{id}. */
export function ResellerSettingsPage({ resellerId }: { resellerId: number }) {
  const { page, home } = usePageLinks();
  return (
    <PlaceholderPage
      title="Reseller settings"
      eyebrow={`Reseller ${resellerId}`}
      icon={<IconSettings />}
      summary="Settings that apply to this reseller and its clients: alert thresholds, notifications and defaults."
      parts={[
        'Alert thresholds for servers, workstations and the local cache',
        'Notification and reminder settings',
      ]}
      links={[
        page('reseller-dashboard', `/reseller/details/${resellerId}`, 'Back to the dashboard'),
        page('resellers', `/reseller/details/${resellerId}`, 'Back to the reseller'),
        home,
      ]}
    />
  );
}
