import { dashboardCalls } from '@lifeboat/contract';
import { Card, Text } from '@mantine/core';
import { useCall } from '../../api/useCall';
import { HistoryChart } from './HistoryChart';
import { CardSkeleton } from './QuickActionsCard';

/** Block 4: healthy protected systems per day over the last week, axis from the server. */
export function HealthHistoryCard({ resellerId }: { resellerId: number }) {
  const { data, error, refetch } = useCall(dashboardCalls.healthHistory, { params: { id: resellerId } });
  if (!data) {
    return (
      <CardSkeleton
        title="Protected systems health history"
        height={160}
        error={error}
        onRetry={() => void refetch()}
      />
    );
  }
  return (
    <Card withBorder padding="md" radius="md" h="100%">
      <Text fw={650} mb="sm">
        Protected systems health history
      </Text>
      <HistoryChart data={data} />
      {/* The server's daily figure leaves parked systems out (fleet generator daily.ts): say so. */}
      <Text size="xs" c="dimmed" mt="xs" data-history-note>
        Healthy share of protected systems each day. Parked systems are not counted: their backups are paused.
      </Text>
    </Card>
  );
}
