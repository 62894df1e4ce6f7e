import { Stack } from '@mantine/core';
import { IconServer } from '../../components/icons';
import { PlaceholderPage } from '../../components/PlaceholderPage';
import { usePageLinks } from '../../components/usePageLinks';
import { ApplianceScheduleCard } from '../settings/ApplianceScheduleCard';

/** One appliance (/appliance/details/{id}). */
export function ApplianceDetailsPage({ applianceId }: { applianceId: number }) {
  const { tab, home } = usePageLinks();
  return (
    <Stack gap="lg">
      <PlaceholderPage
        title={`Appliance ${applianceId}`}
        eyebrow="Appliance"
        icon={<IconServer />}
        summary="One backup appliance: its status, storage and the systems it protects."
        parts={[
          'Status, version and last contact',
          'Local storage use',
          'The protected systems on this appliance',
        ]}
        links={[
          tab('appliances', 'Back to appliances'),
          tab('support-appliances', 'Back to support appliances'),
          home,
        ]}
      />
      <ApplianceScheduleCard applianceId={applianceId} />
    </Stack>
  );
}
