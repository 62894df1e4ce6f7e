import { IconDevice } from '../../components/icons';
import { PlaceholderPage } from '../../components/PlaceholderPage';
import { usePageLinks } from '../../components/usePageLinks';

interface DeviceDetailsPageProps {
  deviceId: number;
  /** Set when the device is opened inside a vault (/device/details/{id}/{vaultId}). */
  vaultId?: number;
}

/** The device details page (spec: dashboard-device-azure 2.4). */
export function DeviceDetailsPage({ deviceId, vaultId }: DeviceDetailsPageProps) {
  const { tab, page, home } = usePageLinks();
  return (
    <PlaceholderPage
      title={`Device ${deviceId}`}
      eyebrow="Protected system"
      subtitle={vaultId === undefined ? undefined : `As stored in vault ${vaultId}`}
      icon={<IconDevice />}
      summary="Everything about one protected system: its alerts, backups, verification and storage, and the way to recover it."
      parts={[
        'Alerts, device information and protection thresholds',
        'AutoVerify results, health history and job history',
        'Geo, local cache and storage summaries',
        'Actions: recover, run AutoVerify, geo-plus, alert settings',
      ]}
      links={[
        tab('devices', 'Back to devices'),
        vaultId === undefined ? null : page('vault', `/vault/details/${vaultId}`, 'Open the vault'),
        page('devices', '/azure_export/view', 'Restore to Azure'),
        home,
      ]}
    />
  );
}
