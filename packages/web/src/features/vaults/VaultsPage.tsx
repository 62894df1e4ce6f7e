import { IconVault } from '../../components/icons';
import { PlaceholderPage } from '../../components/PlaceholderPage';
import { usePageLinks } from '../../components/usePageLinks';

/** The vault tab (/vault/empty_table, optionally ?reseller_id=). */
export function VaultsPage() {
  const { tab, home } = usePageLinks();
  return (
    <PlaceholderPage
      title="Vaults"
      icon={<IconVault />}
      summary="The cloud and private vaults that hold off-site copies of your backups."
      parts={[
        'A table of vaults with type, capacity and use',
        'The protected systems replicated to each vault',
      ]}
      links={[tab('devices', 'See devices'), home]}
    />
  );
}
