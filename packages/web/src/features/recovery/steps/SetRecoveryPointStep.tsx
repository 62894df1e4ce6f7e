import type { RecoveryPointDay } from '@lifeboat/contract';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { formatDay, formatTime, formatWeekday, timeZoneLabel } from '../../../format/dateTime';
import { fetchPoints, pointsKey, recoveryKeys } from '../api';
import type { PointChoice } from '../engine/state';
import { StepFooter } from './StepFooter';
import type { StepProps } from './types';
import { useAutoChoice } from './useAutoChoice';

// The strip's days are calendar days of the user's zone (the server groups them so), written
// with the app's one formatter; the points' times in the same zone, which the step names.
const dayLabel = (date: string) => ({ weekday: formatWeekday(date), day: Number(date.slice(8, 10)) });
const DAY_SLOTS = ['d1', 'd2', 'd3', 'd4', 'd5', 'd6', 'd7'];

/** setRecoveryPoint: a 7-day strip (centre day selected), a date picker and paging (spec: recovery-flow 2, 9). */
export function SetRecoveryPointStep({ state, dispatch }: StepProps) {
  const d = state.data;
  const q = {
    clientId: d.client?.id ?? 0,
    applianceId: d.via === 'appliance' ? (d.device?.appliance_id ?? 0) : 0,
    deviceId: d.device?.id ?? 0,
    jobId: d.job?.id ?? 0,
    drive: d.drive,
  };
  const [centre, setCentre] = useState<string | null>(null);
  const [day, setDay] = useState<string | null>(null);
  const [point, setPoint] = useState<PointChoice | null>(null);
  const points = useQuery({
    queryKey: recoveryKeys.points(pointsKey(q), centre),
    queryFn: () => fetchPoints(q, centre),
  });
  const strip = points.data?.data;

  useEffect(() => {
    // spec: recovery-flow 8, a response without data means the appliance does not answer.
    if (points.data && points.data.data === null) dispatch({ type: 'pointsOffline' });
  }, [points.data, dispatch]);
  // spec: recovery-flow 4, a single point is chosen by itself.
  const only =
    centre === null && strip?.total_points === 1 ? strip.dates.flatMap((x) => x.points) : undefined;
  useAutoChoice(state, only, (p) => dispatch({ type: 'choosePoint', point: p, auto: 'skip' }));

  const shownDay: RecoveryPointDay | undefined = strip
    ? (strip.dates.find((x) => x.date === (day ?? strip.selected) && x.enabled) ??
      [...strip.dates].reverse().find((x) => x.enabled))
    : undefined;
  const go = (date: string | null) => {
    setCentre(date);
    setDay(date);
    setPoint(null);
  };

  return (
    <Stack gap="md">
      {points.error && (
        <Alert color="red" title="The restore points could not be loaded">
          {points.error.message}
        </Alert>
      )}
      <Group gap="xs" wrap="nowrap" align="stretch">
        <ActionIcon
          variant="default"
          size="lg"
          h="auto"
          aria-label="Previous days"
          disabled={!strip?.prev}
          onClick={() => go(strip?.prev ?? null)}
        >
          ‹
        </ActionIcon>
        <SimpleGrid cols={7} spacing={4} style={{ flex: 1 }}>
          {strip
            ? strip.dates.map((x) => {
                const l = dayLabel(x.date);
                return (
                  <Button
                    key={x.date}
                    variant={shownDay?.date === x.date ? 'filled' : 'default'}
                    disabled={!x.enabled}
                    onClick={() => {
                      setDay(x.date);
                      setPoint(null);
                    }}
                    h={56}
                    px={2}
                    aria-label={`${formatDay(x.date)}${x.enabled ? '' : ', no restore points'}`}
                    aria-pressed={shownDay?.date === x.date}
                  >
                    <Stack gap={0} align="center">
                      <Text size="xs">{l.weekday}</Text>
                      <Text fw={700}>{l.day}</Text>
                    </Stack>
                  </Button>
                );
              })
            : DAY_SLOTS.map((k) => <Skeleton key={k} h={56} />)}
        </SimpleGrid>
        <ActionIcon
          variant="default"
          size="lg"
          h="auto"
          aria-label="Next days"
          disabled={!strip?.next}
          onClick={() => go(strip?.next ?? null)}
        >
          ›
        </ActionIcon>
      </Group>
      <TextInput
        type="date"
        label="Go to a date"
        w={200}
        min={strip?.min ?? undefined}
        max={strip?.max ?? undefined}
        value={shownDay?.date ?? ''}
        onChange={(e) => e.currentTarget.value && go(e.currentTarget.value)}
      />
      <Paper withBorder radius="md" p="md">
        <Text size="sm" fw={600} mb="xs">
          Restore points {shownDay ? `of ${formatDay(shownDay.date)}` : ''}
          <Text span size="xs" c="dimmed" fw={400} data-testid="time-zone">
            {' '}
            · times in {timeZoneLabel()}
          </Text>
        </Text>
        {strip && !shownDay && (
          <Text c="dimmed" size="sm">
            No restore points in these days. Use the arrows or the date to look further.
          </Text>
        )}
        <Group gap="xs">
          {shownDay?.points.map((p) => (
            <Button
              key={p.id}
              size="xs"
              variant={point?.id === p.id ? 'filled' : 'light'}
              onClick={() => setPoint(p)}
              aria-pressed={point?.id === p.id}
              data-testid="restore-point"
            >
              {formatTime(p.ts)}
            </Button>
          ))}
        </Group>
      </Paper>
      <StepFooter state={state} dispatch={dispatch}>
        <Button disabled={!point} onClick={() => point && dispatch({ type: 'choosePoint', point })}>
          Next
        </Button>
      </StepFooter>
    </Stack>
  );
}
