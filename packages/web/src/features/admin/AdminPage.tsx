import { IconSettings } from '../../components/icons';
import { PlaceholderPage } from '../../components/PlaceholderPage';
import { usePageLinks } from '../../components/usePageLinks';

/** The platform staff's admin tab (/admin/admin/admin_index). */
export function AdminPage() {
  const { tab, home } = usePageLinks();
  return (
    <PlaceholderPage
      title="Admin"
      icon={<IconSettings />}
      summary="Administration of the platform: its staff users and the settings that apply to every organisation."
      parts={['The provider’s own users', 'Platform-wide settings']}
      links={[tab('support', 'Go to support'), home]}
    />
  );
}
