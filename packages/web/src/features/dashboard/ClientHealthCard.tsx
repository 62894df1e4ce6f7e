import { dashboardCalls } from '@lifeboat/contract';
import { Card, Group, SemiCircleProgress, Stack, Text } from '@mantine/core';
import { useCall } from '../../api/useCall';
import { CardSkeleton } from './QuickActionsCard';

/** Block 3: a speedometer of SLA-compliant clients (definition in docs/decisions.md). */
export function ClientHealthCard({ resellerId }: { resellerId: number }) {
  const { data, error, refetch } = useCall(dashboardCalls.clientHealth, { params: { id: resellerId } });
  if (!data)
    return (
      <CardSkeleton title="Current client health" height={140} error={error} onRetry={() => void refetch()} />
    );
  const pct = data.sla_compliant_percentage;
  const colour = pct >= 90 ? 'green.7' : pct >= 70 ? 'yellow.5' : 'red.7';
  return (
    <Card withBorder padding="md" radius="md" h="100%">
      <Text fw={650} mb="sm">
        Current client health
      </Text>
      <Stack align="center" gap={4}>
        <SemiCircleProgress
          value={pct}
          filledSegmentColor={colour}
          size={180}
          thickness={14}
          label={`${pct}%`}
          labelPosition="bottom"
          aria-label={`${pct}% of clients are SLA-compliant`}
          styles={{ label: { fontSize: 22, fontWeight: 700 } }}
        />
        <Text size="sm" c="dimmed">
          SLA-compliant clients
        </Text>
        <Group gap="md" justify="center">
          {data.health_of_all_clients_chart_data.map((d) => (
            <Text key={d.key} size="xs">
              {d.label}: <b>{d.value}</b>
            </Text>
          ))}
        </Group>
        <Text size="xs" c="dimmed" ta="center">
          {data.definition}
        </Text>
      </Stack>
    </Card>
  );
}
