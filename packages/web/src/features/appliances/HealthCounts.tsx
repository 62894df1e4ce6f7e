import { HEALTH_SEVERITY, type Health } from '@lifeboat/contract';
import { Group, Text } from '@mantine/core';
import { HealthBadge } from '../dashboard/HealthBadge';

/** How many systems are in each health, worst first; healths nobody is in are left out. */
export function HealthCounts({ counts }: { counts: Record<Health, number> }) {
  const present = HEALTH_SEVERITY.filter((h) => counts[h] > 0);
  if (present.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No protected systems.
      </Text>
    );
  return (
    <Group gap="md" data-testid="health-counts">
      {present.map((h) => (
        <Group key={h} gap={6} wrap="nowrap">
          <HealthBadge status={h} />
          <Text size="sm" fw={600}>
            {counts[h].toLocaleString('en-US')}
          </Text>
        </Group>
      ))}
    </Group>
  );
}
