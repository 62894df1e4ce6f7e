import { applianceCalls } from '@lifeboat/contract';
import { Alert, Card, Grid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { ApiError } from '../../api/client';
import { useCall } from '../../api/useCall';
import { IconVault } from '../../components/icons';
import { PageHeader } from '../../components/PageHeader';
import { StatePage } from '../../components/StatePage';
import { usePageLinks } from '../../components/usePageLinks';
import { DetailsActions } from '../appliances/DetailsActions';
import { FactList } from '../appliances/FactList';
import { HealthCounts } from '../appliances/HealthCounts';
import { PlacedSystemsTable } from '../appliances/PlacedSystemsTable';
import { UsageMeter } from '../appliances/UsageMeter';
import { formatDate } from '../devices/format';
import { formatBytes } from '../entities/cells';

/** One vault (/vault/details/{id}, /home/vault/{id}; spec 2.1, issue 18.8). */
export function VaultDetailsPage({ vaultId }: { vaultId: number }) {
  const { home, tab } = usePageLinks();
  const q = useCall(applianceCalls.vaultDetails, { params: { id: vaultId } });
  if (q.error instanceof ApiError && q.error.status === 404)
    return (
      <StatePage
        title="Vault not found"
        heading="This vault was not found"
        description="It may have been removed, or it belongs to another organisation."
        icon={<IconVault />}
        color="gray"
        homePath={home.to}
      />
    );
  const v = q.data;
  const back = tab('vault', 'Back to vaults');
  const shared = v ? v.reseller === null : false;
  return (
    <Stack gap="lg">
      <PageHeader
        eyebrow={v ? (v.vault_type === 'cloud' ? 'Cloud vault' : 'Private vault') : 'Vault'}
        title={v?.name ?? 'Vault'}
        subtitle={
          v &&
          (shared
            ? 'Run by the provider and shared by many resellers: the figures below count your systems only.'
            : `The private vault of ${v.reseller?.name}.`)
        }
        actions={<DetailsActions back={back} supportHref={v?.can_support ? `/vault/login/${v.id}` : null} />}
      />
      {q.error && !(q.error instanceof ApiError && q.error.status === 404) && (
        <Alert color="red" title="Could not load this vault">
          {q.error.message}
        </Alert>
      )}
      {!v && !q.error && <Skeleton height={180} radius="md" aria-busy="true" />}
      {v && (
        <Grid gap="md" align="stretch">
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Card withBorder radius="md" padding="md" h="100%">
              <Stack gap="sm">
                <Title order={2} size="h4">
                  Capacity
                </Title>
                <UsageMeter
                  label="Used"
                  text={`${formatBytes(v.used_bytes)} of ${formatBytes(v.capacity_bytes)}`}
                  percent={v.percent}
                  na={v.capacity_bytes === 0}
                />
                <FactList
                  facts={[
                    [
                      'Type',
                      <Text key="t" size="sm">
                        {v.vault_type === 'cloud' ? 'Cloud' : 'Private'}
                      </Text>,
                    ],
                    [
                      'Added',
                      <Text key="a" size="sm">
                        {formatDate(v.created_at)}
                      </Text>,
                    ],
                  ]}
                />
              </Stack>
            </Card>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Card withBorder radius="md" padding="md" h="100%">
              <Stack gap="sm">
                <Title order={2} size="h4">
                  {shared ? 'Your systems in this vault' : 'Systems in this vault'}
                </Title>
                <Text size="sm">
                  {v.systems.total.toLocaleString('en-US')} systems: {v.systems.servers} servers,{' '}
                  {v.systems.workstations} workstations, {v.systems.nas} NAS
                </Text>
                <HealthCounts counts={v.systems.health} />
              </Stack>
            </Card>
          </Grid.Col>
        </Grid>
      )}
      {v && <PlacedSystemsTable kind="vault" id={v.id} title="Protected systems" />}
    </Stack>
  );
}
