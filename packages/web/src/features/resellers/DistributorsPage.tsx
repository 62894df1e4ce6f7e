import { IconBuilding } from '../../components/icons';
import { PlaceholderPage } from '../../components/PlaceholderPage';
import { usePageLinks } from '../../components/usePageLinks';

/** The distributor tab of the platform staff: the distributors above the resellers. */
export function DistributorsPage() {
  const { tab, home } = usePageLinks();
  return (
    <PlaceholderPage
      title="Distributors"
      icon={<IconBuilding />}
      summary="The distributors on this platform and the resellers each one serves."
      parts={['A searchable table of distributors', 'The resellers under each distributor']}
      links={[tab('resellers', 'See resellers'), home]}
    />
  );
}
