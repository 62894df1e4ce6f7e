import { Alert, Grid, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { ApiError } from '../../api/client';
import { IconDevice } from '../../components/icons';
import { PageHeader } from '../../components/PageHeader';
import { PageName } from '../../components/PageName';
import { StatePage } from '../../components/StatePage';
import { usePageLinks } from '../../components/usePageLinks';
import { SystemAlertsBlock } from '../alerts/SystemAlertsBlock';
import { AutoVerifyCard } from './AutoVerifyCard';
import { AutoVerifyModal } from './AutoVerifyModal';
import { useDeviceCard } from './api';
import { DeviceActions } from './DeviceActions';
import { DeviceAlertBanner } from './DeviceAlertBanner';
import { DeviceCard } from './DeviceCard';
import { DeviceDetailsBlock } from './DeviceDetailsBlock';
import { DeviceInfoCard } from './DeviceInfoCard';
import { errorText } from './errors';
import { HealthHistoryCard } from './HealthHistoryCard';
import { JobHealthHistoryCard } from './JobHealthHistoryCard';
import { JobHistoryCard } from './JobHistoryCard';
import { NARROW } from './layout';
import { GeoSummaryCard, LocalCacheCard, ProtectionSummaryCard, StorageSummaryCard } from './SummaryCards';

interface DeviceDetailsPageProps {
  deviceId: number;
  /** Set when the device is opened inside a vault (/device/details/{id}/{vaultId}). */
  vaultId?: number;
}

/** The device details page (spec: dashboard-device-azure 2.4): 9 + 3 columns, mobile slots below 768 px. */
export function DeviceDetailsPage({ deviceId, vaultId }: DeviceDetailsPageProps) {
  const { home } = usePageLinks();
  const info = useDeviceCard(deviceId, 'get_device_details_info');
  const narrow = useMediaQuery(NARROW) ?? false;
  const [avOpen, setAvOpen] = useState(false);
  if (info.error instanceof ApiError && info.error.status === 404)
    return (
      <StatePage
        title="Protected system not found"
        heading="This protected system was not found"
        description="It may have been removed, or it belongs to another organisation."
        icon={<IconDevice />}
        color="gray"
        homePath={home.to}
      />
    );
  const card = info.card;
  const nas = card?.is_nas ?? false;
  const openAv = () => setAvOpen(true);
  const actions = (
    <DeviceCard title="Actions" ready={!!card} testId="actions-card">
      <DeviceActions deviceId={deviceId} inline={narrow} />
    </DeviceCard>
  );
  const alert = (
    <>
      <DeviceAlertBanner deviceId={deviceId} status={card?.device_status} />
      <SystemAlertsBlock deviceId={deviceId} />
    </>
  );
  const details = <DeviceDetailsBlock deviceId={deviceId} />;
  const health = (
    <>
      <HealthHistoryCard deviceId={deviceId} />
      <JobHealthHistoryCard deviceId={deviceId} />
    </>
  );
  const geo = <GeoSummaryCard deviceId={deviceId} />;
  const storage = (
    <>
      <ProtectionSummaryCard deviceId={deviceId} />
      <StorageSummaryCard deviceId={deviceId} kind="local" />
      <StorageSummaryCard deviceId={deviceId} kind="cloud" />
      <StorageSummaryCard deviceId={deviceId} kind="private" />
    </>
  );
  const autoverify = card && !nas ? <AutoVerifyCard deviceId={deviceId} onOpen={openAv} /> : null;
  const cache = card && !nas ? <LocalCacheCard deviceId={deviceId} /> : null;
  return (
    <Stack gap="lg">
      <PageHeader
        eyebrow={card ? `Protected system · ${card.device_type_label}` : 'Protected system'}
        title={card?.display_name ?? (info.error ? 'Protected system' : 'Loading…')}
        subtitle={
          vaultId === undefined ? undefined : (
            <PageName to={`/vault/details/${vaultId}`} pattern="/vault/details/:id" size="sm">
              As stored in vault {vaultId}
            </PageName>
          )
        }
      />
      {info.error && !(info.error instanceof ApiError && info.error.status === 404) && (
        <Alert color="red" title="Could not load this protected system">
          {errorText(info.error)}
        </Alert>
      )}
      {narrow ? (
        // Mobile slots: actions and details right after the header, then health and geo.
        <Stack gap="md">
          {alert}
          <DeviceInfoCard info={card} onOpenAutoVerify={openAv} />
          {actions}
          {details}
          {health}
          {geo}
          {autoverify}
          <JobHistoryCard deviceId={deviceId} compact />
          {storage}
          {cache}
        </Stack>
      ) : (
        <Grid gap="md" align="flex-start">
          <Grid.Col span={{ base: 12, md: 8, lg: 9 }}>
            <Stack gap="md">
              {alert}
              <DeviceInfoCard info={card} onOpenAutoVerify={openAv} />
              {autoverify}
              {health}
              <JobHistoryCard deviceId={deviceId} />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4, lg: 3 }}>
            <Stack gap="md">
              {actions}
              {details}
              {storage}
              {geo}
              {cache}
            </Stack>
          </Grid.Col>
        </Grid>
      )}
      <AutoVerifyModal deviceId={deviceId} opened={avOpen} onClose={() => setAvOpen(false)} />
    </Stack>
  );
}
