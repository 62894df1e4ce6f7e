import { Alert, Button, Grid, Skeleton, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { useCurrentUser } from '../../session/session';
import { ApprovalRequestsPanel } from '../recovery/office/ApprovalRequestsPanel';
import { AtAGlanceCard } from './AtAGlanceCard';
import { ClientHealthCard } from './ClientHealthCard';
import { DashboardTables } from './DashboardTables';
import { usePageData } from './dashboardApi';
import { FeedsCard } from './FeedsCard';
import { HealthHistoryCard } from './HealthHistoryCard';
import { QuickActionsCard } from './QuickActionsCard';

/** The reseller dashboard (spec: dashboard-device-azure 2.2), for /reseller/details/{id}. */
export function ResellerDashboardPage({ resellerId }: { resellerId: number }) {
  const user = useCurrentUser();
  const own = user.organisationId === resellerId;
  const page = usePageData('reseller', resellerId, own);
  const title = own ? 'Dashboard' : (page.data?.name ?? 'Reseller');
  if (page.error) {
    return (
      <Stack gap="lg">
        <PageHeader title={title} eyebrow={own ? undefined : 'Reseller'} />
        <Alert color="red" title="The dashboard could not be loaded">
          {page.error.message}
          {!own && (
            <Button component={Link} to="/home/resellers" variant="light" size="xs" mt="sm" display="block">
              Back to resellers
            </Button>
          )}
        </Alert>
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <PageHeader title={title} eyebrow={own ? undefined : 'Reseller'} />
      {own && <ApprovalRequestsPanel />}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 6, lg: 3 }}>
          <QuickActionsCard resellerId={resellerId} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6, lg: 3 }}>
          <AtAGlanceCard resellerId={resellerId} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6, lg: 3 }}>
          <ClientHealthCard resellerId={resellerId} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6, lg: 3 }}>
          <HealthHistoryCard resellerId={resellerId} />
        </Grid.Col>
      </Grid>
      <FeedsCard resellerId={resellerId} />
      {page.data ? (
        <DashboardTables page={page.data} />
      ) : (
        <Skeleton height={320} radius="md" aria-busy="true" />
      )}
    </Stack>
  );
}
