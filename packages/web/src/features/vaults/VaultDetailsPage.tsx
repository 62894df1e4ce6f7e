import { IconVault } from '../../components/icons';
import { PlaceholderPage } from '../../components/PlaceholderPage';
import { usePageLinks } from '../../components/usePageLinks';

/** One vault (/vault/details/{id}). */
export function VaultDetailsPage({ vaultId }: { vaultId: number }) {
  const { tab, home } = usePageLinks();
  return (
    <PlaceholderPage
      title={`Vault ${vaultId}`}
      eyebrow="Vault"
      icon={<IconVault />}
      summary="One vault: its capacity and the protected systems it holds copies of."
      parts={['Type, location and storage use', 'Protected systems stored in this vault']}
      links={[tab('vault', 'Back to vaults'), home]}
    />
  );
}
