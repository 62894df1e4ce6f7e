import { IconSupport } from '../../components/icons';
import { PlaceholderPage } from '../../components/PlaceholderPage';
import { usePageLinks } from '../../components/usePageLinks';

export function SupportPage() {
  const { home } = usePageLinks();
  return (
    <PlaceholderPage
      title="Support"
      icon={<IconSupport />}
      summary="Help with Lifeboat: guides to the recovery methods, live training and a way to contact support."
      parts={['Recovery method guides', 'Live training sessions', 'Contact details of support']}
      links={[home]}
    />
  );
}
