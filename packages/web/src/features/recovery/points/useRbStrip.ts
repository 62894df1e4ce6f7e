import { addDays, dayKeyIn, type RbRestorePointsAnswer, RECOVERY_DAY_STRIP } from '@lifeboat/contract';
import { useQueries } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { displayTimeZone } from '../../../format/dateTime';
import { readOffset, writeOffset } from '../steps/rb/offsetCookie';
import type { PickerDay, RestorePointPickerProps } from './RestorePointPicker';

// The second tool's month call (spec: recovery-flow 7, get_rb_device_restore_points) read as the
// picker's strip of days: the one or two months a strip touches are asked for, and their days
// (already the user's zone's, from the server) and points are laid on it.

export interface RbMonthSource {
  machineId: number;
  /** epoch ms of the system's newest cloud point (null: not known). */
  latestCloudRp: number | null;
  queryKey: (year: number, month: number) => readonly unknown[];
  fetch: (year: number, month: number) => Promise<RbRestorePointsAnswer>;
}

const HALF = Math.floor(RECOVERY_DAY_STRIP / 2);
const monthOf = (day: string) => ({ year: Number(day.slice(0, 4)), month: Number(day.slice(5, 7)) });

/** The last day of the month `offset` months before `day`'s month. */
function monthEndBefore(day: string, offset: number): string {
  const { year, month } = monthOf(day);
  return new Date(Date.UTC(year, month - offset, 0)).toISOString().slice(0, 10);
}

/** The strip's first day: the centre in the middle, and no day after `last`, as the first tool's strip. */
export function stripStart(centre: string, last: string): string {
  const fromCentre = addDays(centre, -HALF);
  const fromLast = addDays(last, -(RECOVERY_DAY_STRIP - 1));
  return fromCentre < fromLast ? fromCentre : fromLast;
}

/** The strip's days from the month answers (keyed "year-month"). */
export function rbStripDays(start: string, months: ReadonlyMap<string, RbRestorePointsAnswer>): PickerDay[] {
  return Array.from({ length: RECOVERY_DAY_STRIP }, (_, k) => {
    const date = addDays(start, k);
    const { year, month } = monthOf(date);
    const options = months.get(`${year}-${month}`)?.restorePoints[String(Number(date.slice(8)))] ?? [];
    const points = options.flatMap((o) => (o.ts === undefined ? [] : [{ id: Number(o.value), ts: o.ts }]));
    return { date, points };
  });
}

/** The picker's days, paging and date input over the month call. */
export function useRbStrip(
  s: RbMonthSource,
): Pick<
  RestorePointPickerProps,
  'days' | 'preferredDay' | 'error' | 'prev' | 'next' | 'min' | 'max' | 'onCentre'
> {
  const zone = displayTimeZone();
  const today = dayKeyIn(Date.now(), zone);
  const newest = s.latestCloudRp === null ? today : dayKeyIn(s.latestCloudRp, zone);
  // spec: recovery-flow 7, the month last looked at (newOffset) comes back from its cookie.
  const [centre, setCentre] = useState(() => {
    const offset = readOffset(s.machineId);
    return offset > 0 ? monthEndBefore(newest, offset) : newest;
  });
  const start = stripStart(centre, today > newest ? today : newest);
  const end = addDays(start, RECOVERY_DAY_STRIP - 1);
  const wanted = [...new Set([start, end].map((d) => `${monthOf(d).year}-${monthOf(d).month}`))];
  const results = useQueries({
    queries: wanted.map((key) => {
      const [year = 0, month = 0] = key.split('-').map(Number);
      return { queryKey: s.queryKey(year, month), queryFn: () => s.fetch(year, month) };
    }),
  });
  const months = new Map<string, RbRestorePointsAnswer>();
  results.forEach((r, i) => {
    const key = wanted[i];
    if (r.data && key) months.set(key, r.data);
  });
  const loaded = months.size === wanted.length;
  const centreMonth = months.get(`${monthOf(centre).year}-${monthOf(centre).month}`);
  useEffect(() => {
    if (centreMonth) writeOffset(s.machineId, centreMonth.newOffset);
  }, [centreMonth, s.machineId]);
  return {
    days: loaded ? rbStripDays(start, months) : undefined,
    preferredDay: centre,
    error: results.find((r) => r.error)?.error ?? null,
    // The month call knows no first point: paging back goes a strip at a time.
    prev: addDays(centre, -RECOVERY_DAY_STRIP),
    next: end < newest ? addDays(centre, RECOVERY_DAY_STRIP) : null,
    min: null,
    max: newest,
    onCentre: setCentre,
  };
}
