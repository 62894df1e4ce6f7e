import { healthColour, type QuickFilter, quickFilterActive } from '@lifeboat/contract';
import { Button, Group } from '@mantine/core';
import { MANTINE_HEALTH } from './HealthBadge';

/** Block 6: troubled, warned, healthy; each toggles its status in all three tables (spec 4). */
export function QuickFilters({
  filters,
  tables,
  onToggle,
}: {
  filters: { label: string; value: QuickFilter | string }[];
  tables: string[][];
  onToggle: (status: string) => void;
}) {
  return (
    <Group gap="xs" role="group" aria-label="Quick filters">
      {filters.map((f) => {
        const active = quickFilterActive(tables, f.value);
        return (
          <Button
            key={f.value}
            size="xs"
            variant={active ? 'filled' : 'default'}
            color={MANTINE_HEALTH[healthColour(f.value)].color}
            autoContrast
            aria-pressed={active}
            onClick={() => onToggle(f.value)}
            data-quick-filter={f.value}
          >
            {f.label}
          </Button>
        );
      })}
    </Group>
  );
}
