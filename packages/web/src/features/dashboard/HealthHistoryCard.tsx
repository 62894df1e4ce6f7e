import { Card, Text } from '@mantine/core';
import { useCard } from './dashboardApi';
import { HistoryChart } from './HistoryChart';
import { CardSkeleton } from './QuickActionsCard';

/** Block 4: healthy protected systems per day over the last week, axis from the server. */
export function HealthHistoryCard({ resellerId }: { resellerId: number }) {
  const { data, error, refetch } = useCard('history', resellerId);
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
    </Card>
  );
}
