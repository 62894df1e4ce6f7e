import { Card, Skeleton, Text } from '@mantine/core';
import { Suspense } from 'react';
import { lazyPage } from '../../routes/lazyPage';
import { useCard } from './dashboardApi';
import { CardSkeleton } from './QuickActionsCard';

// Its own chunk, loaded once the card has data: fetching it with the page slowed the first paint
// (its parsing held up the page's own requests).
const HistoryChart = lazyPage(() => import('./HistoryChart'), 'HistoryChart');

/** Block 4: healthy protected systems per day over the last week, axis from the server. */
export function HealthHistoryCard({ resellerId }: { resellerId: number }) {
  const { data, error, refetch } = useCard('history', resellerId);
  if (!data)
    return (
      <CardSkeleton
        title="Protected systems health history"
        height={160}
        error={error}
        onRetry={() => void refetch()}
      />
    );
  return (
    <Card withBorder padding="md" radius="md" h="100%">
      <Text fw={650} mb="sm">
        Protected systems health history
      </Text>
      <Suspense fallback={<Skeleton height={180} radius="sm" />}>
        <HistoryChart data={data} />
      </Suspense>
    </Card>
  );
}
