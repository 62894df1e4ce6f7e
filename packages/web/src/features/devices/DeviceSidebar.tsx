import { Box, Button, Drawer, Group, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { AutoVerifyCard } from './AutoVerifyCard';
import { AutoVerifyModal } from './AutoVerifyModal';
import { useDeviceCard } from './api';
import { DeviceActions } from './DeviceActions';
import { DeviceAlertBanner } from './DeviceAlertBanner';
import { DeviceDetailsBlock } from './DeviceDetailsBlock';
import { DeviceInfoCard } from './DeviceInfoCard';
import { IconExpand } from './deviceIcons';
import { HealthHistoryCard } from './HealthHistoryCard';
import { JobHistoryCard } from './JobHistoryCard';
import { NARROW } from './layout';
import { StatusBadge } from './StatusBadge';
import { GeoSummaryCard, LocalCacheCard, ProtectionSummaryCard, StorageSummaryCard } from './SummaryCards';
import { colourVar, headerTone, TONE_COLOUR } from './statusColour';

export interface DeviceSidebarProps {
  /** The protected system to show; null keeps the sidebar closed. */
  deviceId: number | null;
  onClose: () => void;
}

/**
 * The device sidebar (spec: dashboard-device-azure 2.3), opened from a protected system's name
 * in any list. It closes on an outside click or on navigation.
 */
export function DeviceSidebar({ deviceId, onClose }: DeviceSidebarProps) {
  const narrow = useMediaQuery(NARROW) ?? false;
  const { pathname } = useLocation();
  const lastPath = useRef(pathname);
  const close = useRef(onClose);
  close.current = onClose;
  const open = deviceId !== null;
  useEffect(() => {
    // Navigation closes the sidebar (spec 2.3).
    if (pathname === lastPath.current) return;
    lastPath.current = pathname;
    if (open) close.current();
  }, [pathname, open]);
  return (
    <Drawer.Root opened={deviceId !== null} onClose={onClose} position="right" size={narrow ? '100%' : 560}>
      <Drawer.Overlay />
      {/* The device's name is the dialog's title (Drawer.Title in the body). */}
      <Drawer.Content>
        <Drawer.Body p={0}>
          {deviceId !== null && <SidebarBody deviceId={deviceId} onClose={onClose} />}
        </Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}

function SidebarBody({ deviceId, onClose }: { deviceId: number; onClose: () => void }) {
  const { card: info, isError } = useDeviceCard(deviceId, 'get_device_details_info');
  const [avOpen, setAvOpen] = useState(false);
  const tone = TONE_COLOUR[headerTone(info?.device_status ?? '')];
  const nas = info?.is_nas ?? false;
  return (
    <Stack gap={0} data-testid="device-sidebar">
      <Box
        px="md"
        py="sm"
        style={{ borderTop: `4px solid ${colourVar(tone)}`, background: colourVar(`${tone}.0`) }}
        data-tone={headerTone(info?.device_status ?? '')}
      >
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2} miw={0}>
            <Drawer.Title fz="lg" fw={650} style={{ overflowWrap: 'anywhere' }}>
              {info?.display_name ?? (isError ? 'Protected system' : 'Loading…')}
            </Drawer.Title>
            <Group gap="xs">
              {info && <Text size="sm">{info.device_type_label}</Text>}
              {info && <StatusBadge status={info.device_status} parkedTooltip={info.parked_tooltip_text} />}
            </Group>
          </Stack>
          <Button
            variant="subtle"
            color="gray"
            size="compact-sm"
            onClick={onClose}
            aria-label="Close the sidebar"
          >
            Close
          </Button>
        </Group>
        {/* spec 2.3 'expand to device details' */}
        <Group mt="sm" gap="xs">
          <Button
            component={Link}
            to={`/device/details/${deviceId}`}
            variant="default"
            size="xs"
            leftSection={<IconExpand size={14} />}
          >
            Open the device page
          </Button>
        </Group>
      </Box>
      <Stack gap="md" p="md">
        {isError && (
          <Text c="red" size="sm">
            This protected system could not be loaded.
          </Text>
        )}
        <DeviceActions deviceId={deviceId} inline />
        <DeviceAlertBanner deviceId={deviceId} status={info?.device_status} />
        <DeviceInfoCard info={info} onOpenAutoVerify={() => setAvOpen(true)} />
        <HealthHistoryCard deviceId={deviceId} />
        {info && !nas && <AutoVerifyCard deviceId={deviceId} onOpen={() => setAvOpen(true)} />}
        <JobHistoryCard deviceId={deviceId} compact />
        <ProtectionSummaryCard deviceId={deviceId} />
        <GeoSummaryCard deviceId={deviceId} />
        <StorageSummaryCard deviceId={deviceId} kind="local" />
        <StorageSummaryCard deviceId={deviceId} kind="cloud" />
        <StorageSummaryCard deviceId={deviceId} kind="private" />
        {info && !nas && <LocalCacheCard deviceId={deviceId} />}
        <DeviceDetailsBlock deviceId={deviceId} />
      </Stack>
      <AutoVerifyModal deviceId={deviceId} opened={avOpen} onClose={() => setAvOpen(false)} />
    </Stack>
  );
}
