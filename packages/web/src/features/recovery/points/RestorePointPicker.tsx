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
import { type KeyboardEvent, type ReactNode, useState } from 'react';
import {
  formatDateTime,
  formatDay,
  formatShortDay,
  formatTime,
  formatWeekday,
  timeZoneLabel,
} from '../../../format/dateTime';

// The one restore point picker of both tools and the Azure wizard (spec: recovery-flow 2
// setRecoveryPoint and selectRestorePoint, 9; dashboard-device-azure 5): a strip of days of the
// user's zone (days without points disabled), paging and a date to go to, then the day's points
// as times in that zone, which the picker names. Each tool feeds it from its own call.

export interface PickerPoint {
  id: number;
  /** epoch ms */
  ts: number;
}
export interface PickerDay {
  /** YYYY-MM-DD, a day of the user's zone */
  date: string;
  points: readonly PickerPoint[];
}
export interface ChosenPoint {
  id: number;
  ts: number;
  /** The point's day and time as the app writes them. */
  label: string;
}

export interface RestorePointPickerProps {
  /** The strip's days, oldest first; undefined while they load. */
  days: readonly PickerDay[] | undefined;
  /** The day shown first when it has points (else the newest day that has some). */
  preferredDay: string | null;
  error: Error | null;
  /** The centre days of the strips before and after this one; null: nothing there. */
  prev: string | null;
  next: string | null;
  /** The first and last days a point can be on, for the date input (null: not known). */
  min: string | null;
  max: string | null;
  /** Show the strip around this day. */
  onCentre: (day: string) => void;
  /** The step's buttons, given the point chosen (null: none yet). */
  action: (chosen: ChosenPoint | null) => ReactNode;
}

const DAY_SLOTS = ['d1', 'd2', 'd3', 'd4', 'd5', 'd6', 'd7'];

/** The strip's span as people read it: "Nov 21 – Nov 27, 2026". */
function spanText(days: readonly PickerDay[]): string {
  const first = days[0];
  const last = days[days.length - 1];
  return first && last ? `${formatShortDay(first.date)} – ${formatDay(last.date)}` : '';
}

/** Arrow keys move between the days that have points, as in a calendar. */
function moveFocus(e: KeyboardEvent<HTMLDivElement>) {
  const keys: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -1, ArrowDown: 1 };
  const by = keys[e.key];
  if (by === undefined && e.key !== 'Home' && e.key !== 'End') return;
  const buttons = [...e.currentTarget.querySelectorAll<HTMLButtonElement>('button:not(:disabled)')];
  if (buttons.length === 0) return;
  const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
  const to =
    e.key === 'Home'
      ? 0
      : e.key === 'End'
        ? buttons.length - 1
        : Math.min(buttons.length - 1, Math.max(0, at + (by ?? 0)));
  e.preventDefault();
  buttons[to]?.focus();
  buttons[to]?.click();
}

/** Paging to the neighbouring strip; disabled when there is none. */
function PageArrow({ label, to, go }: { label: string; to: string | null; go: (day: string) => void }) {
  return (
    <ActionIcon
      variant="default"
      size="lg"
      h="auto"
      aria-label={label}
      disabled={!to}
      onClick={() => to && go(to)}
    >
      {label.startsWith('Previous') ? '‹' : '›'}
    </ActionIcon>
  );
}

export function RestorePointPicker(p: RestorePointPickerProps) {
  const [day, setDay] = useState<string | null>(null);
  const [pointId, setPointId] = useState<number | null>(null);
  const withPoints = (p.days ?? []).filter((d) => d.points.length > 0);
  const shownDay =
    withPoints.find((d) => d.date === (day ?? p.preferredDay)) ?? withPoints[withPoints.length - 1];
  const points = shownDay?.points ?? [];
  // spec: recovery-flow 4, a day with a single point chooses it by itself.
  const point = points.find((x) => x.id === pointId) ?? (points.length === 1 ? points[0] : undefined);
  const go = (date: string) => {
    setDay(date);
    setPointId(null);
    p.onCentre(date);
  };

  return (
    <Stack gap="md" data-testid="restore-point-picker">
      {p.error && (
        <Alert color="red" title="The restore points could not be loaded">
          {p.error.message}
        </Alert>
      )}
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text fw={600} data-testid="picker-span">
          {p.days ? spanText(p.days) : <Skeleton h={20} w={180} component="span" display="block" />}
        </Text>
        <TextInput
          type="date"
          label="Go to a date"
          size="xs"
          w={170}
          min={p.min ?? undefined}
          max={p.max ?? undefined}
          value={shownDay?.date ?? ''}
          onChange={(e) => e.currentTarget.value && go(e.currentTarget.value)}
        />
      </Group>
      <Group gap="xs" wrap="nowrap" align="stretch">
        <PageArrow label="Previous days" to={p.prev} go={go} />
        <SimpleGrid
          cols={7}
          spacing={4}
          style={{ flex: 1 }}
          role="group"
          aria-label="Days with restore points"
          onKeyDown={moveFocus}
        >
          {p.days
            ? p.days.map((x) => {
                const enabled = x.points.length > 0;
                const on = shownDay?.date === x.date;
                return (
                  <Button
                    key={x.date}
                    variant={on ? 'filled' : 'default'}
                    disabled={!enabled}
                    onClick={() => {
                      setDay(x.date);
                      setPointId(null);
                    }}
                    h={56}
                    px={2}
                    aria-label={`${formatDay(x.date)}${enabled ? '' : ', no restore points'}`}
                    aria-pressed={on}
                    tabIndex={enabled && !on && shownDay ? -1 : undefined}
                    data-testid="picker-day"
                  >
                    <Stack gap={0} align="center">
                      <Text size="xs">{formatWeekday(x.date)}</Text>
                      <Text fw={700}>{Number(x.date.slice(8, 10))}</Text>
                    </Stack>
                  </Button>
                );
              })
            : DAY_SLOTS.map((k) => <Skeleton key={k} h={56} />)}
        </SimpleGrid>
        <PageArrow label="Next days" to={p.next} go={go} />
      </Group>
      <Paper withBorder radius="md" p="md">
        <Text size="sm" fw={600} mb="xs">
          Restore points {shownDay ? `of ${formatDay(shownDay.date)}` : ''}
          <Text span size="xs" c="dimmed" fw={400} data-testid="time-zone">
            {' '}
            · times in {timeZoneLabel()}
          </Text>
        </Text>
        {p.days && !shownDay && (
          <Text c="dimmed" size="sm">
            No restore points in these days. Use the arrows or the date to look further.
          </Text>
        )}
        <Group gap="xs" role="group" aria-label="Restore points of the day">
          {points.map((x) => (
            <Button
              key={x.id}
              size="xs"
              variant={point?.id === x.id ? 'filled' : 'light'}
              onClick={() => setPointId(x.id)}
              aria-pressed={point?.id === x.id}
              data-testid="restore-point"
            >
              {formatTime(x.ts)}
            </Button>
          ))}
        </Group>
      </Paper>
      {p.action(point ? { id: point.id, ts: point.ts, label: formatDateTime(point.ts) } : null)}
    </Stack>
  );
}
