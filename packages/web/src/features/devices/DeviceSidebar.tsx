import { Anchor, Drawer, Text } from '@mantine/core';
import { Link } from 'react-router';

export interface DeviceSidebarProps {
  /** The protected system to show; null keeps the sidebar closed. */
  deviceId: number | null;
  onClose: () => void;
}

/**
 * The device sidebar (spec: dashboard-device-azure 2.3), opened from a protected system's name
 * in any list. Owned by the device area; this first version only links to the full page.
 */
export function DeviceSidebar({ deviceId, onClose }: DeviceSidebarProps) {
  return (
    <Drawer opened={deviceId !== null} onClose={onClose} position="right" title="Protected system">
      {deviceId !== null && (
        <Text>
          <Anchor component={Link} to={`/device/details/${deviceId}`} onClick={onClose}>
            Open the device page
          </Anchor>
        </Text>
      )}
    </Drawer>
  );
}
