import { IconBuilding } from '../../components/icons';
import { PlaceholderPage } from '../../components/PlaceholderPage';
import { usePageLinks } from '../../components/usePageLinks';

/** The resellers tab: the resellers a distributor or the platform staff look after. */
export function ResellersPage() {
  const { tab, home } = usePageLinks();
  return (
    <PlaceholderPage
      title="Resellers"
      icon={<IconBuilding />}
      summary="Every reseller you look after, with the health of their clients' backups. Open one to see its dashboard."
      parts={['A searchable table of resellers with client and device counts', 'Backup health per reseller']}
      links={[tab('clients', 'See clients'), tab('devices', 'See devices'), home]}
    />
  );
}
