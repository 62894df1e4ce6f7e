import { IconDevice } from '../../components/icons';
import { PlaceholderPage } from '../../components/PlaceholderPage';
import { usePageLinks } from '../../components/usePageLinks';

/** The devices tab (/devices/empty_table): the device inventory (spec: inventory 2). */
export function DeviceInventoryPage() {
  const { tab, home } = usePageLinks();
  return (
    <PlaceholderPage
      title="Devices"
      icon={<IconDevice />}
      summary="Every protected system, by type, with its backup status and the actions you may take on it."
      parts={[
        'A tab per device type with a count badge, including virtualized systems',
        'Rows that load 40 at a time as you scroll',
        'Per-row actions: details, recover, and start, stop, resume or discard a virtual machine',
      ]}
      links={[tab('clients', 'See clients'), home]}
    />
  );
}
