import type { DashboardSystemRow } from '@lifeboat/contract';
import { Anchor, Badge, Group, Image, Popover, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { PageName } from '../../components/PageName';
import { NoImage } from '../devices/NoImage';
import { CellTooltip } from './CellTooltip';
import type { CellRenderers } from './EntityTable';
import { HealthBadge, TEXT_BAD, TEXT_GOOD } from './HealthBadge';

// The cells of a protected-system row (spec 3 'Protected-system row'); the name opens the
// device sidebar.

const LEVEL_COLOUR: Record<string, string> = {
  normal: TEXT_GOOD,
  warning: 'yellow.4',
  danger: 'red.9',
  critical: 'red.9',
};

function Thumbnail({ row }: { row: DashboardSystemRow }) {
  const [failed, setFailed] = useState(false);
  const av = row.autoverify;
  if (!av.thumbnail_url || failed) return <NoImage width={64} height={40} />;
  return (
    <Image
      src={av.thumbnail_url}
      w={64}
      h={40}
      radius={4}
      alt={`AutoVerify screenshot of ${row.name}`}
      onError={() => setFailed(true)}
    />
  );
}

function AutoVerifyCell({ row }: { row: DashboardSystemRow }) {
  const av = row.autoverify;
  if (!av.available) {
    return (
      <Text size="xs" c="dimmed">
        {av.unavailable_text}
      </Text>
    );
  }
  return (
    <Group gap={8} wrap="nowrap">
      <Thumbnail row={row} />
      <Text size="xs" c={av.icon === 'failure' ? TEXT_BAD : TEXT_GOOD}>
        {av.last_rp_text}
      </Text>
    </Group>
  );
}

function VaultCell({ row }: { row: DashboardSystemRow }) {
  const v = row.vault;
  const first = v.vault_info[0];
  return (
    <Stack gap={0}>
      {v.appliance && (
        <PageName
          to={`/appliance/details/${v.appliance.appliance_id}`}
          pattern="/appliance/details/:id"
          size="xs"
        >
          {v.appliance.appliance_name}
        </PageName>
      )}
      {first ? (
        <Group gap={6} wrap="nowrap">
          <PageName to={`/vault/details/${first.vault_id}`} pattern="/vault/details/:id" size="xs">
            {first.vault_name}
          </PageName>
          {v.has_extra_vaults && (
            <Popover withArrow shadow="md" position="bottom">
              <Popover.Target>
                <Anchor component="button" type="button" size="xs" onClick={(e) => e.stopPropagation()}>
                  {v.extra_vaults_text}
                </Anchor>
              </Popover.Target>
              <Popover.Dropdown>
                <Stack gap={4}>
                  {v.vault_info.map((x) => (
                    <PageName
                      key={x.vault_id}
                      to={`/vault/details/${x.vault_id}`}
                      pattern="/vault/details/:id"
                      size="sm"
                    >
                      {x.vault_name} ({x.type})
                    </PageName>
                  ))}
                </Stack>
              </Popover.Dropdown>
            </Popover>
          )}
        </Group>
      ) : (
        !v.appliance && (
          <Text size="xs" c="dimmed">
            No vault
          </Text>
        )
      )}
    </Stack>
  );
}

export function systemCells(openDevice: (id: number) => void): CellRenderers<DashboardSystemRow> {
  return {
    name: (r) => (
      <Stack gap={0} align="flex-start">
        <Anchor
          component="button"
          type="button"
          size="sm"
          fw={600}
          ta="left"
          style={{ overflowWrap: 'anywhere' }}
          onClick={(e) => {
            e.stopPropagation();
            openDevice(r.id);
          }}
          data-device={r.id}
        >
          {r.name}
        </Anchor>
        {/* The client column is hidden on a phone: the client stacks under the name (issue 18.9). */}
        <Text size="xs" c="dimmed" hiddenFrom="sm">
          {r.client_name}
        </Text>
      </Stack>
    ),
    client_name: (r) => <Text size="sm">{r.client_name}</Text>,
    health_status: (r) => <HealthBadge status={r.health_status} supportText={r.health_support_text} />,
    storage_pool: (r) => (
      <CellTooltip label={r.storage_pool_support_text}>
        <Stack gap={0}>
          <Group gap={6} wrap="nowrap">
            <Text size="sm">{r.pool_used_size}</Text>
            {r.show_pool_status && r.pool_status !== 'normal' && (
              <Badge size="xs" color={LEVEL_COLOUR[r.pool_status]} autoContrast>
                {r.pool_status}
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {r.storage_info_desc}
          </Text>
        </Stack>
      </CellTooltip>
    ),
    version: (r) => (
      <Group gap={6} wrap="nowrap">
        <Text size="sm">{r.version}</Text>
        {r.update_available && (
          <Badge size="xs" variant="filled" color="yellow.4" autoContrast miw="max-content">
            Update available
          </Badge>
        )}
      </Group>
    ),
    restore_points_in_use: (r) => (
      <Text size="sm" c={r.restore_points_in_use_count ? undefined : 'dimmed'}>
        {r.restore_points_in_use_text}
      </Text>
    ),
    autoverify: (r) => <AutoVerifyCell row={r} />,
    last_rp: (r) =>
      r.last_rp.has_rp ? (
        <CellTooltip label={r.last_rp.rp_info}>
          <Stack gap={0}>
            <Text
              size="sm"
              c={r.last_rp.is_alerted ? TEXT_BAD : undefined}
              fw={r.last_rp.is_alerted ? 600 : undefined}
            >
              {r.last_rp.time_ago}
            </Text>
            <Text size="xs" c="dimmed">
              {r.last_rp.schedule_name ?? r.last_rp.no_jobs_text}
            </Text>
          </Stack>
        </CellTooltip>
      ) : (
        <Text size="xs" c="dimmed">
          {r.last_rp.no_jobs_text || r.last_rp.rp_info}
        </Text>
      ),
    vault: (r) => <VaultCell row={r} />,
  };
}
