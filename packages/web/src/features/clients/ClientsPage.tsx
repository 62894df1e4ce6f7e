import { IconBuilding } from '../../components/icons';
import { PlaceholderPage } from '../../components/PlaceholderPage';
import { usePageLinks } from '../../components/usePageLinks';

/** The clients tab (/client/empty_table, optionally ?reseller_id= and ?health_status=). */
export function ClientsPage() {
  const { tab, home } = usePageLinks();
  return (
    <PlaceholderPage
      title="Clients"
      icon={<IconBuilding />}
      summary="The client organisations whose systems are protected, with the health of their backups."
      parts={[
        'A searchable table of clients, filterable by reseller and by health (e.g. unprotected)',
        'File and disk export activity (FTPS)',
      ]}
      links={[tab('devices', 'See devices'), home]}
    />
  );
}
