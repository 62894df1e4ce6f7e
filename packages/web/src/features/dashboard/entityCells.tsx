import type { DashboardApplianceRow, DashboardVaultRow } from '@lifeboat/contract';
import { Anchor, Badge, Group, Progress, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { CellRenderers } from './EntityTable';
import { HealthBadge } from './HealthBadge';

// The cells of the appliance and vault rows (spec 3).

export const applianceCells: CellRenderers<DashboardApplianceRow> = {
  name: (a) => (
    <Stack gap={0}>
      <Anchor component={Link} to={`/appliance/details/${a.id}`} size="sm" fw={600}>
        {a.name}
      </Anchor>
      <Text size="xs" c="dimmed">
        {a.sid}
        {a.online ? '' : ' · offline'}
      </Text>
    </Stack>
  ),
  health_status: (a) => <HealthBadge status={a.health_status} />,
  model_name: (a) => <Text size="sm">{a.model_name}</Text>,
  license: (a) => (
    <Stack gap={0}>
      <Text size="sm">{a.license_name}</Text>
      {(a.is_endpoint_license || a.is_bdr_bundle_license) && (
        <Text size="xs" c="dimmed">
          {a.license_servers} servers · {a.license_workstations} workstations · {a.license_nas} NAS
        </Text>
      )}
    </Stack>
  ),
  license_usage: (a) =>
    a.license_na ? (
      <Text size="xs" c="dimmed">
        Not applicable
      </Text>
    ) : (
      <Stack gap={2} miw={120}>
        <Group gap={6} wrap="nowrap">
          <Text size="xs">{a.license_storage_info}</Text>
          {a.license_disabled && (
            <Badge size="xs" color="gray" autoContrast>
              Unconfirmed
            </Badge>
          )}
        </Group>
        <Progress
          value={Math.min(100, a.license_usage_percent)}
          color={
            a.license_usage_percent >= 90 ? 'red.8' : a.license_usage_percent >= 70 ? 'yellow.5' : 'blue.8'
          }
          size="sm"
          aria-label={`Licence ${a.license_usage_percent}% used`}
        />
      </Stack>
    ),
};

export const vaultCells: CellRenderers<DashboardVaultRow> = {
  name: (v) => (
    <Anchor component={Link} to={`/vault/details/${v.id}`} size="sm" fw={600}>
      {v.name}
    </Anchor>
  ),
  health_status: (v) => <HealthBadge status={v.health_status} />,
  vault_type: (v) => <Text size="sm">{v.vault_type === 'cloud' ? 'Cloud' : 'Private'}</Text>,
  workstations: (v) => <Text size="sm">{v.workstations.toLocaleString('en-US')}</Text>,
  servers: (v) => <Text size="sm">{v.servers.toLocaleString('en-US')}</Text>,
};
