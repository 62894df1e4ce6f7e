import type { DeviceInfoAnswer } from '@lifeboat/contract';
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { AutoVerifyThumbnail } from './AutoVerifyThumbnail';
import { DeviceCard, Fact } from './DeviceCard';
import { formatDateTime, timeAgo } from './format';
import { RpsInUseModal } from './RpsInUseModal';
import { StatusBadge } from './StatusBadge';

/** Device info header (spec 2.4): status, thumbnail, the info list. */
export function DeviceInfoCard({
  info,
  onOpenAutoVerify,
}: {
  info?: DeviceInfoAnswer;
  onOpenAutoVerify: () => void;
}) {
  const [rpsOpen, setRpsOpen] = useState(false);
  return (
    <DeviceCard title="Device information" ready={!!info} testId="device-info">
      {info && (
        <Group align="flex-start" gap="md" wrap="wrap">
          {!info.is_nas && info.verification === 'autoverify' && (
            <AutoVerifyThumbnail
              params={info.autoverify_url_params}
              width={160}
              height={100}
              onClick={info.autoverify_url_params ? onOpenAutoVerify : undefined}
            />
          )}
          <Stack gap={6} style={{ flex: '1 1 220px' }} miw={0}>
            <Group gap="xs">
              <Text size="sm" c="dimmed">
                Status
              </Text>
              <StatusBadge status={info.device_status} parkedTooltip={info.parked_tooltip_text} />
            </Group>
            {info.infolist.map((item) => (
              <Fact key={item.label} label={item.label}>
                {item.with_link ? (
                  <Anchor component={Link} to={item.with_link} size="sm">
                    {item.data}
                  </Anchor>
                ) : item.timedelta_info !== null ? (
                  <span title={formatDateTime(item.timedelta_info)}>{timeAgo(item.timedelta_info)}</span>
                ) : (
                  item.data
                )}
              </Fact>
            ))}
            <Group>
              <Button variant="subtle" size="compact-sm" onClick={() => setRpsOpen(true)}>
                Restore points in use
              </Button>
            </Group>
          </Stack>
        </Group>
      )}
      {info && (
        <RpsInUseModal
          entityType="device"
          entityId={info.id}
          opened={rpsOpen}
          onClose={() => setRpsOpen(false)}
        />
      )}
    </DeviceCard>
  );
}
