import { dayKeyIn, pickPointValue, type RbRestorePointsAnswer } from '@lifeboat/contract';
import {
  ActionIcon,
  Alert,
  Group,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import {
  displayTimeZone,
  formatDateTime,
  formatMonth,
  formatTime,
  timeZoneLabel,
} from '../../../../format/dateTime';
import { readOffset, writeOffset } from './offsetCookie';

// The second tool's restore point calendar, shared by the recovery wizard's selectRestorePoint
// and the Azure wizard's restore point step (spec: recovery-flow 4; dashboard-device-azure 5):
// days without points are disabled, there is no year navigation, value "0" is none.

export interface ChosenPoint {
  id: number;
  label: string;
}

const WEEKDAYS = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'];

/** The month `offset` months before the newest point's (or this) month, in the user's zone. */
function monthOf(base: number, offset: number) {
  const [y = 1970, mo = 1] = dayKeyIn(base, displayTimeZone()).split('-').map(Number);
  const m = y * 12 + mo - 1 - offset;
  return { year: Math.floor(m / 12), month: (m % 12) + 1 };
}

/** A month calendar of days with points and the day's dropdown; `action` renders the button. */
export function RbPointCalendar(p: {
  machineId: number;
  latestCloudRp: number | null;
  queryKey: (year: number, month: number) => readonly unknown[];
  fetch: (year: number, month: number) => Promise<RbRestorePointsAnswer>;
  action: (chosen: ChosenPoint | null) => ReactNode;
}) {
  const machineId = p.machineId;
  const base = p.latestCloudRp ?? Date.now();
  const [offset, setOffset] = useState(() => readOffset(machineId));
  const [day, setDay] = useState<number | null>(null);
  const [value, setValue] = useState<string | null>(null);
  const { year, month } = monthOf(base, offset);
  const q = useQuery({
    queryKey: p.queryKey(year, month),
    queryFn: () => p.fetch(year, month),
    placeholderData: (prev) => prev,
  });
  useEffect(() => {
    if (q.data) writeOffset(machineId, offset);
  }, [q.data, machineId, offset]);
  const days = q.data?.days ?? [];
  const shownDay = day ?? (days.length ? Math.max(...days) : null);
  // The server groups the days in the user's zone; the times are written here in the same zone.
  const options = (shownDay ? (q.data?.restorePoints[String(shownDay)] ?? []) : []).map((o) => ({
    ...o,
    label: o.ts === undefined ? o.label : formatTime(o.ts),
  }));
  const chosen = pickPointValue(options, value);
  const chosenTs = options.find((x) => x.value === chosen)?.ts;
  const first = new Date(Date.UTC(year, month - 1, 1));
  const lead = (first.getUTCDay() + 6) % 7;
  const count = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const cells = [...Array(lead).fill(null), ...Array.from({ length: count }, (_, i) => i + 1)] as (
    | number
    | null
  )[];
  const move = (by: number) => {
    setOffset((o) => o + by);
    setDay(null);
    setValue(null);
  };
  return (
    <Stack gap="md">
      {q.error && (
        <Alert color="red" title="The restore points could not be loaded">
          {q.error.message}
        </Alert>
      )}
      <Group justify="space-between">
        <ActionIcon variant="default" aria-label="Previous month" onClick={() => move(1)}>
          ‹
        </ActionIcon>
        <Text fw={600}>{formatMonth(year, month)}</Text>
        <ActionIcon variant="default" aria-label="Next month" disabled={offset <= 0} onClick={() => move(-1)}>
          ›
        </ActionIcon>
      </Group>
      {q.isPending ? (
        <Skeleton h={220} />
      ) : (
        <SimpleGrid cols={7} spacing={4} data-testid="rb-calendar">
          {WEEKDAYS.map((w) => (
            <Text key={w} size="xs" c="dimmed" ta="center">
              {w}
            </Text>
          ))}
          {cells.map((d, i) =>
            d === null ? (
              <span key={`blank-${i.toString()}`} />
            ) : (
              <UnstyledButton
                key={d}
                disabled={!days.includes(d)}
                onClick={() => {
                  setDay(d);
                  setValue(null);
                }}
                aria-pressed={d === shownDay}
                data-testid="rb-day"
                style={{
                  textAlign: 'center',
                  padding: '6px 0',
                  borderRadius: 6,
                  opacity: days.includes(d) ? 1 : 0.35,
                  background: d === shownDay ? 'var(--mantine-primary-color-light)' : undefined,
                  fontWeight: days.includes(d) ? 600 : 400,
                }}
              >
                {d}
              </UnstyledButton>
            ),
          )}
        </SimpleGrid>
      )}
      {q.data && days.length === 0 && (
        <Text size="sm">No restore point in this month: try an earlier month.</Text>
      )}
      {options.length > 0 && (
        <Select
          label="Restore point"
          description={`Times in ${timeZoneLabel()}`}
          data={options}
          value={chosen ?? '0'}
          onChange={(v) => setValue(v)}
          allowDeselect={false}
          data-testid="rb-point"
        />
      )}
      {p.action(
        chosen === null
          ? null
          : {
              id: Number(chosen),
              label: chosenTs === undefined ? '' : formatDateTime(chosenTs),
            },
      )}
    </Stack>
  );
}
