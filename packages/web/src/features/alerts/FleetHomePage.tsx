import { alertActionCalls, failoverCalls } from '@lifeboat/contract';
import { Anchor, Card, Grid, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useCall } from '../../api/useCall';
import { LoadFailedAlert } from '../../components/LoadFailedAlert';
import { PageHeader } from '../../components/PageHeader';
import { ApprovalRequestsPanel } from '../recovery/office/ApprovalRequestsPanel';
import { AlertDrawer } from './AlertDrawer';
import { AlertTable } from './AlertTable';
import { ALERTS_POLL_MS, useOpenAlert } from './alertQueries';
import { FleetResellersCard } from './FleetResellersCard';

// The fleet home (issue 27.5): the provider's staff and distributors, who have no dashboard of
// their own, see their resellers ranked by open alerts and failing systems, the production
// failovers waiting for their approval, and the newest critical alerts, each one click from
// its device.

const CRITICAL = { severity: 'critical', state: 'active', page: 1, rows: 10 } as const;

export function FleetHomePage() {
  const [openId, setOpen] = useOpenAlert();
  return (
    <Stack gap="lg">
      <PageHeader
        title="Fleet"
        subtitle="Your resellers, the approvals waiting for you and the newest critical alerts."
      />
      <Grid gap="md" align="flex-start">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <FleetResellersCard />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Approvals />
        </Grid.Col>
      </Grid>
      <CriticalAlerts onOpen={setOpen} />
      <AlertDrawer alertId={openId} onClose={() => setOpen(null)} canSnooze />
    </Stack>
  );
}

/** The production failovers waiting for approval, or a sentence saying there are none. */
function Approvals() {
  const q = useCall(failoverCalls.approvalRequests, {}, { refetchInterval: 10_000 });
  if (q.data && q.data.requests.length > 0) return <ApprovalRequestsPanel />;
  return (
    <Card withBorder radius="md" padding="md">
      <Title order={2} size="h4" mb={4}>
        Approvals waiting for you
      </Title>
      {q.isPending && <Skeleton height={40} />}
      {q.error && (
        <LoadFailedAlert
          title="Could not load the approvals"
          error={q.error}
          onRetry={() => void q.refetch()}
        />
      )}
      {q.data && (
        <Text size="sm" c="dimmed">
          No production failover is waiting for a second person’s approval.
        </Text>
      )}
    </Card>
  );
}

function CriticalAlerts({ onOpen }: { onOpen: (id: number) => void }) {
  const q = useCall(alertActionCalls.alertList, { query: CRITICAL }, { refetchInterval: ALERTS_POLL_MS });
  return (
    <Card withBorder radius="md" padding="md">
      <Group justify="space-between" mb="xs" wrap="wrap">
        <Title order={2} size="h4">
          Newest critical alerts
        </Title>
        <Anchor component={Link} to="/home/alerts?severity=critical" size="sm">
          Every critical alert
        </Anchor>
      </Group>
      {q.error && (
        <LoadFailedAlert title="Could not load the alerts" error={q.error} onRetry={() => void q.refetch()} />
      )}
      {q.data?.content.length === 0 ? (
        <Text size="sm" c="dimmed" py="sm">
          No critical alert is open anywhere in your fleet.
        </Text>
      ) : (
        !q.error && (
          <AlertTable
            rows={q.data?.content}
            loading={q.isPending}
            onOpen={onOpen}
            label="Newest critical alerts"
          />
        )
      )}
    </Card>
  );
}
