import type { InventoryAnswer, InventoryType } from '@lifeboat/contract';
import { Badge, Skeleton, Tabs } from '@mantine/core';
import { formatCount, TYPE_LABELS } from './labels';

interface InventoryTabsProps {
  types: readonly InventoryType[];
  value: InventoryType;
  counters: InventoryAnswer['typeCounters'] | undefined;
  onChange: (type: InventoryType) => void;
}

/** A tab per device type with its count badge from typeCounters (spec: inventory 2). */
export function InventoryTabs({ types, value, counters, onChange }: InventoryTabsProps) {
  return (
    <Tabs value={value} onChange={(v) => v && onChange(v as InventoryType)} keepMounted={false}>
      <Tabs.List style={{ flexWrap: 'wrap' }}>
        {types.map((t) => (
          <Tabs.Tab
            key={t}
            value={t}
            rightSection={
              counters ? (
                <Badge
                  size="sm"
                  variant={t === value ? 'filled' : 'light'}
                  circle={false}
                  data-testid={`count-${t}`}
                >
                  {formatCount(counters[t])}
                </Badge>
              ) : (
                <Skeleton height={16} width={28} radius="xl" />
              )
            }
          >
            {TYPE_LABELS[t]}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
