import type { DeviceHealthHistoryAnswer } from '@lifeboat/contract';
import { Box, Group, Text, Tooltip } from '@mantine/core';
import { useDeviceCard } from './api';
import { DeviceCard } from './DeviceCard';
import { formatDate, formatDateTime } from './format';
import { colourVar, healthColour, healthLabel } from './statusColour';

export interface Segment {
  health: string;
  from: number;
  to: number;
  reason: string | null;
  /** Share of the chart, 0..100. */
  percent: number;
}

/** The history's entries as segments from time_cutoff to now (spec 3 'Device health history'). */
export function toSegments(h: DeviceHealthHistoryAnswer): Segment[] {
  const span = Math.max(1, h.now - h.time_cutoff);
  const entries = h.health_history.health_history_json;
  const out: Segment[] = [];
  if (entries.length === 0 || (entries[0]?.timestart ?? 0) > h.time_cutoff)
    out.push({
      health: 'NODATA',
      from: h.time_cutoff,
      to: entries[0]?.timestart ?? h.now,
      reason: null,
      percent: 0,
    });
  entries.forEach((e, i) => {
    const from = Math.max(e.timestart, h.time_cutoff);
    const to = Math.min(entries[i + 1]?.timestart ?? h.now, h.now);
    if (to > from) out.push({ health: e.health, from, to, reason: e.reason, percent: 0 });
  });
  return out.filter((s) => s.to > s.from).map((s) => ({ ...s, percent: ((s.to - s.from) / span) * 100 }));
}

/** Health status history: a segment chart over the last week (spec 2.4). */
export function HealthHistoryCard({ deviceId }: { deviceId: number }) {
  const { card } = useDeviceCard(deviceId, 'get_device_health_history');
  const segments = card ? toSegments(card) : [];
  return (
    <DeviceCard title="Health status history" ready={!!card} skeletonRows={2} testId="health-history">
      {card && (
        <>
          <Box
            role="img"
            aria-label={`Health over the last week: ${segments.map((s) => healthLabel(s.health)).join(', ')}`}
            style={{ display: 'flex', height: 28, borderRadius: 6, overflow: 'hidden' }}
          >
            {segments.map((s) => (
              <Tooltip
                key={s.from}
                withArrow
                multiline
                label={`${healthLabel(s.health)}: ${formatDateTime(s.from)} – ${formatDateTime(s.to)}${s.reason ? `. ${s.reason}` : ''}`}
              >
                <Box
                  data-health={s.health}
                  style={{
                    width: `${s.percent}%`,
                    minWidth: 2,
                    background: colourVar(healthColour(s.health)),
                  }}
                />
              </Tooltip>
            ))}
          </Box>
          <Group justify="space-between">
            <Text size="xs" c="dimmed">
              {formatDate(card.time_cutoff)}
            </Text>
            <Text size="xs" c="dimmed">
              Now
            </Text>
          </Group>
          <Group gap="md">
            {[...new Set(segments.map((s) => s.health))].map((h) => (
              <Group key={h} gap={6}>
                <Box
                  w={10}
                  h={10}
                  style={{
                    borderRadius: 2,
                    background: colourVar(healthColour(h)),
                  }}
                />
                <Text size="xs">{healthLabel(h)}</Text>
              </Group>
            ))}
          </Group>
        </>
      )}
    </DeviceCard>
  );
}
