import { applianceCalls } from '@lifeboat/contract';
import { Alert, Anchor, Button, Card, Grid, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../api/client';
import { useCall } from '../../api/useCall';
import { IconServer } from '../../components/icons';
import { PageHeader } from '../../components/PageHeader';
import { StatePage } from '../../components/StatePage';
import { usePageLinks } from '../../components/usePageLinks';
import { formatDate } from '../devices/format';
import { RpsInUseModal } from '../devices/RpsInUseModal';
import { formatBytes, StatusBadge } from '../entities/cells';
import { ApplianceScheduleCard } from '../settings/ApplianceScheduleCard';
import { applianceSupportHref } from './applianceColumns';
import { CopyValue } from './CopyValue';
import { DetailsActions } from './DetailsActions';
import { FactList } from './FactList';
import { HealthCounts } from './HealthCounts';
import { LicenceCard } from './LicenceCard';
import { OfflineHistoryCard } from './OfflineHistoryCard';
import { PlacedSystemsTable } from './PlacedSystemsTable';
import { UsageMeter } from './UsageMeter';

/** One appliance (/appliance/details/{id}, /home/appliance/{id}; spec 2.1, issue 18.8). */
export function ApplianceDetailsPage({ applianceId }: { applianceId: number }) {
  const { home, tab } = usePageLinks();
  const q = useCall(applianceCalls.details, { params: { id: applianceId } });
  const [rpsOpen, setRpsOpen] = useState(false);
  if (q.error instanceof ApiError && q.error.status === 404)
    return (
      <StatePage
        title="Appliance not found"
        heading="This appliance was not found"
        description="It may have been removed, or it belongs to another organisation."
        icon={<IconServer />}
        color="gray"
        homePath={home.to}
      />
    );
  const a = q.data;
  const back = tab('appliances', 'Back to appliances');
  return (
    <Stack gap="lg">
      <PageHeader
        eyebrow={a ? `Appliance · ${a.model_name}` : 'Appliance'}
        title={a?.name ?? 'Appliance'}
        subtitle={
          a && (
            <>
              At{' '}
              <Anchor component={Link} to={`/client/details/${a.client.id}`} size="sm" underline="always">
                {a.client.name}
              </Anchor>
              , a client of {a.reseller.name}
            </>
          )
        }
        actions={
          <DetailsActions
            back={back}
            supportHref={a?.can_support ? applianceSupportHref({ id: a.id, sid: a.sid }) : null}
          />
        }
      />
      {q.error && !(q.error instanceof ApiError && q.error.status === 404) && (
        <Alert color="red" title="Could not load this appliance">
          {q.error.message}
        </Alert>
      )}
      {!a && !q.error && <Skeleton height={220} radius="md" aria-busy="true" />}
      {a && (
        <Grid gap="md" align="stretch">
          <Grid.Col span={{ base: 12, md: 6, lg: 4 }}>
            <Card withBorder radius="md" padding="md" h="100%">
              <Stack gap="sm">
                <Title order={2} size="h4">
                  Status
                </Title>
                <FactList
                  facts={[
                    ['Connection', <StatusBadge key="s" ok={a.online} yes="Online" no="Offline" />],
                    ['Serial', <CopyValue key="sid" value={a.sid} label="serial" />],
                    [
                      'Model',
                      <Text key="m" size="sm">
                        {a.model_name}
                      </Text>,
                    ],
                    [
                      'Software version',
                      <Text key="v" size="sm">
                        {a.version}
                      </Text>,
                    ],
                    [
                      'Generation',
                      <Text key="g" size="sm">
                        {a.is_brc_appliance ? 'First generation' : 'Second generation'}
                      </Text>,
                    ],
                    [
                      'Added',
                      <Text key="c" size="sm">
                        {formatDate(a.created_at)}
                      </Text>,
                    ],
                  ]}
                />
                {!a.online && (
                  <Text size="sm" c="dimmed">
                    An offline appliance takes no backups and cannot be recovered from until it checks in
                    again.
                  </Text>
                )}
              </Stack>
            </Card>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6, lg: 4 }}>
            <LicenceCard licence={a.license} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 12, lg: 4 }}>
            <Card withBorder radius="md" padding="md" h="100%">
              <Stack gap="sm">
                <Title order={2} size="h4">
                  Storage pool
                </Title>
                <UsageMeter
                  label="Local storage"
                  text={`${formatBytes(a.storage_pool.used_bytes)} of ${formatBytes(a.storage_pool.total_bytes)}`}
                  percent={a.storage_pool.percent}
                  na={a.storage_pool.total_bytes === 0}
                />
                <Text size="sm" fw={600} mt="xs">
                  {a.systems.total.toLocaleString('en-US')} protected systems
                </Text>
                <HealthCounts counts={a.systems.health} />
                <Group gap="xs" mt="xs">
                  <Text size="sm">
                    {a.restore_points_in_use === 0
                      ? 'No restore point is in use.'
                      : `${a.restore_points_in_use} restore ${a.restore_points_in_use === 1 ? 'point is' : 'points are'} in use.`}
                  </Text>
                  {a.restore_points_in_use > 0 && (
                    <Button variant="subtle" size="compact-sm" onClick={() => setRpsOpen(true)}>
                      Show them
                    </Button>
                  )}
                </Group>
              </Stack>
            </Card>
          </Grid.Col>
        </Grid>
      )}
      {a && <OfflineHistoryCard periods={a.offline_history} />}
      {a && <ApplianceScheduleCard applianceId={applianceId} />}
      {a && <PlacedSystemsTable kind="appliance" id={a.id} title="Protected systems" />}
      <RpsInUseModal
        entityType="appliance"
        entityId={applianceId}
        opened={rpsOpen}
        onClose={() => setRpsOpen(false)}
      />
    </Stack>
  );
}
