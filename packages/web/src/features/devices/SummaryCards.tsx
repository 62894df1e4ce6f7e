import { Anchor, Progress, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useDeviceCard } from './api';
import { DeviceCard, Fact } from './DeviceCard';
import { IconBell, IconGlobe, IconStorage } from './deviceIcons';
import { formatDateTime } from './format';
import { ToneBadge } from './ToneBadge';

// The right column's summaries (spec 2.4): protection thresholds, geo, local cache, storage.

export function ProtectionSummaryCard({ deviceId }: { deviceId: number }) {
  const { card } = useDeviceCard(deviceId, 'get_device_protection_summary_data');
  return (
    <DeviceCard
      title={card?.lang.title ?? 'Protection summary'}
      icon={<IconBell size={18} />}
      ready={!!card}
      testId="protection-summary"
    >
      {card?.thresholds.map((t) => (
        <Stack key={t.kind} gap={2}>
          <Fact label={t.name}>
            <span data-testid={`threshold-${t.kind === 'local_cache' ? 'local_cache' : 'backup'}`}>
              {t.enabled ? `${card.lang.enabled} ${t.value}` : card.lang.disabled}
            </span>
          </Fact>
          {t.inherited && (
            <Text size="xs" c="dimmed" ta="right">
              {t.inherited_from === 'default' ? 'Default' : `Inherited from the ${t.inherited_from}`}
            </Text>
          )}
        </Stack>
      ))}
    </DeviceCard>
  );
}

const GEO_STATUS: Record<string, { label: string; colour: string }> = {
  SYNCED: { label: 'In sync', colour: 'green' },
  REPLICATING: { label: 'Replicating', colour: 'blue' },
  PENDING: { label: 'Pending', colour: 'yellow' },
  DISABLED: { label: 'Off', colour: 'gray' },
};

export function GeoSummaryCard({ deviceId }: { deviceId: number }) {
  const { card } = useDeviceCard(deviceId, 'get_geo_summary');
  const g = card?.data;
  const st = g ? (GEO_STATUS[g.status] ?? { label: g.status, colour: 'gray' }) : null;
  return (
    <DeviceCard title="Geo summary" icon={<IconGlobe size={18} />} ready={!!g} testId="geo-summary">
      {g && st && (
        <Stack gap={6}>
          <Fact label="Geo-plus">
            <ToneBadge colour={st.colour} data-testid="geo-status">
              {g.enabled ? st.label : 'Off'}
            </ToneBadge>
          </Fact>
          {g.enabled && (
            <>
              {g.in_progress && <Progress value={g.replication_progress} aria-label="Replication progress" />}
              <Fact label="Last primary point">{formatDateTime(g.last_primary_rp)}</Fact>
              <Fact label="Last redundant point">{formatDateTime(g.last_redundant_rp)}</Fact>
              {g.inherited && (
                <Text size="xs" c="dimmed">
                  Set by the client’s policy.
                </Text>
              )}
            </>
          )}
          <Anchor component={Link} to={g.support_url} size="xs">
            About geo-plus
          </Anchor>
        </Stack>
      )}
    </DeviceCard>
  );
}

const CACHE_STATUS: Record<string, { label: string; colour: string }> = {
  SUCCESSFUL: { label: 'Verified', colour: 'green' },
  WARNED: { label: 'Warning', colour: 'yellow' },
  FAILED: { label: 'Failed', colour: 'red' },
};

export function LocalCacheCard({ deviceId }: { deviceId: number }) {
  const { card } = useDeviceCard(deviceId, 'get_local_cache_summary');
  const st = card?.verification_status ? CACHE_STATUS[card.verification_status] : null;
  return (
    <DeviceCard title="Local cache" icon={<IconStorage size={18} />} ready={!!card} testId="local-cache">
      {card && !card.enabled && <ToneBadge colour="gray">Disabled</ToneBadge>}
      {card?.enabled && (
        <Stack gap={6}>
          <Fact label="Verification">
            {st ? <ToneBadge colour={st.colour}>{st.label}</ToneBadge> : 'Not verified yet'}
          </Fact>
          <Fact label="Last verified">{formatDateTime(card.last_verified_at)}</Fact>
          <Fact label="Last successful">{formatDateTime(card.last_successfully_verified_at)}</Fact>
          {card.path && <Fact label="Path">{card.path}</Fact>}
        </Stack>
      )}
    </DeviceCard>
  );
}

const STORAGE = {
  local: { call: 'get_local_storage_summary', title: 'Local storage' },
  cloud: { call: 'get_lifeboat_cloud_storage_summary', title: 'Cloud storage' },
  private: { call: 'get_private_cloud_storage_summary', title: 'Private vault storage' },
} as const;

/** A storage summary; a block the server says not to show disappears once loaded. */
export function StorageSummaryCard({ deviceId, kind }: { deviceId: number; kind: keyof typeof STORAGE }) {
  const { card } = useDeviceCard(deviceId, STORAGE[kind].call);
  if (card && !card.show_block) return null;
  return (
    <DeviceCard title={STORAGE[kind].title} ready={!!card} skeletonRows={1} testId={`storage-${kind}`}>
      {card && (
        <Stack gap={6}>
          <Text size="sm">{card.machine_usage_text}</Text>
          {kind === 'local' && card.local_percent !== null && (
            <Progress
              value={card.local_percent}
              color={card.local_percent >= 90 ? 'red' : card.local_percent >= 70 ? 'yellow' : 'blue'}
              aria-label={`Local storage ${card.local_percent}% used`}
            />
          )}
        </Stack>
      )}
    </DeviceCard>
  );
}
