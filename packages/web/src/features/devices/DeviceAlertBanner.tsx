import { Alert } from '@mantine/core';
import { IconAlert } from '../../components/icons';
import { useDeviceCard } from './api';

/** The device alert banner (spec 2.4): nothing when the system needs no attention. */
export function DeviceAlertBanner({ deviceId, status }: { deviceId: number; status?: string }) {
  const { card } = useDeviceCard(deviceId, 'get_device_alert');
  const alert = card?.alert;
  if (!alert) return null;
  const colour = status === 'TROUBLED' ? 'red' : status === 'PARKED' ? 'blue' : 'yellow';
  return (
    <Alert color={colour} title={alert.title} icon={<IconAlert size={20} />} data-testid="device-alert">
      {alert.message}
    </Alert>
  );
}
