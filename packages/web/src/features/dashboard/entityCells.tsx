import type { DashboardApplianceRow, DashboardVaultRow } from '@lifeboat/contract';
import { Badge, Stack, Text } from '@mantine/core';
import { PageName } from '../../components/PageName';
import { LicenceUsageCell } from '../appliances/LicenceUsageCell';
import type { CellRenderers } from './EntityTable';
import { HealthBadge } from './HealthBadge';

// The cells of the appliance and vault rows (spec 3).

export const applianceCells: CellRenderers<DashboardApplianceRow> = {
  name: (a) => (
    <Stack gap={0}>
      <PageName to={`/appliance/details/${a.id}`} pattern="/appliance/details/:id" size="sm" fw={600}>
        {a.name}
      </PageName>
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
  license_usage: (a) => (
    <Stack gap={2}>
      <LicenceUsageCell
        measuredBy={a.license_measured_by}
        seats={{
          text: a.license_seats_info,
          percent: a.license_seats_percent,
          na: a.license_servers + a.license_workstations + a.license_nas === 0,
        }}
        storage={{
          text: a.license_storage_info,
          percent: a.license_storage_percent,
          na: a.is_endpoint_license,
        }}
      />
      {a.license_disabled && (
        <Badge size="xs" color="gray" autoContrast w="fit-content">
          Unconfirmed
        </Badge>
      )}
    </Stack>
  ),
};

export const vaultCells: CellRenderers<DashboardVaultRow> = {
  name: (v) => (
    <PageName to={`/vault/details/${v.id}`} pattern="/vault/details/:id" size="sm" fw={600}>
      {v.name}
    </PageName>
  ),
  health_status: (v) => <HealthBadge status={v.health_status} />,
  vault_type: (v) => <Text size="sm">{v.vault_type === 'cloud' ? 'Cloud' : 'Private'}</Text>,
  workstations: (v) => <Text size="sm">{v.workstations.toLocaleString('en-US')}</Text>,
  servers: (v) => <Text size="sm">{v.servers.toLocaleString('en-US')}</Text>,
};
