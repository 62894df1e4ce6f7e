import { deviceCalls } from '@lifeboat/contract';
import { Box, Group, Stack, Text, Tooltip } from '@mantine/core';
import { useCall } from '../../api/useCall';
import { DeviceCard } from './DeviceCard';
import { IconCalendar } from './deviceIcons';
import { colourVar } from './statusColour';

const PARTS = [
  { key: 'completed', label: 'Completed', colour: 'green' },
  { key: 'failed', label: 'Failed', colour: 'red' },
  { key: 'missed', label: 'Missed', colour: 'gray.5' },
  { key: 'other', label: 'Other', colour: 'blue' },
] as const;

/** Job health history card (spec 2.4): a week of job outcomes per day, with a calendar icon. */
export function JobHealthHistoryCard({ deviceId }: { deviceId: number }) {
  const q = useCall(deviceCalls.jobHealthHistory, { query: { device_id: String(deviceId) } });
  const data = q.data?.ok ? q.data : undefined;
  const max = Math.max(1, ...(data?.days ?? []).map((d) => d.completed + d.failed + d.missed + d.other));
  return (
    <DeviceCard
      title={data?.title ?? 'Job health history'}
      icon={<IconCalendar size={20} />}
      ready={!!data}
      skeletonRows={2}
      testId="job-health-history"
    >
      {data && (
        <Stack gap={6}>
          <Group gap={6} align="flex-end" h={72} wrap="nowrap">
            {data.days.map((d) => {
              const total = d.completed + d.failed + d.missed + d.other;
              const day = new Date(d.day).toLocaleDateString(undefined, {
                weekday: 'short',
                timeZone: 'UTC',
              });
              return (
                <Tooltip
                  key={d.day}
                  withArrow
                  label={`${day}: ${PARTS.map((p) => `${d[p.key]} ${p.label.toLowerCase()}`).join(', ')}`}
                >
                  <Stack gap={2} style={{ flex: 1 }} align="stretch" justify="flex-end" h="100%">
                    <Box
                      style={{
                        display: 'flex',
                        flexDirection: 'column-reverse',
                        height: `${(total / max) * 56}px`,
                      }}
                    >
                      {PARTS.map((p) =>
                        d[p.key] > 0 ? (
                          <Box key={p.key} style={{ flex: d[p.key], background: colourVar(p.colour) }} />
                        ) : null,
                      )}
                    </Box>
                    <Text size="xs" c="dimmed" ta="center">
                      {day}
                    </Text>
                  </Stack>
                </Tooltip>
              );
            })}
          </Group>
          <Group gap="md">
            {PARTS.map((p) => (
              <Group key={p.key} gap={6}>
                <Box w={10} h={10} style={{ borderRadius: 2, background: colourVar(p.colour) }} />
                <Text size="xs">{p.label}</Text>
              </Group>
            ))}
          </Group>
        </Stack>
      )}
    </DeviceCard>
  );
}
