import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setDisplayTimeZone } from '../../../format/dateTime';
import { renderRoutes } from '../../../test/render';
import { type ChosenPoint, type PickerDay, RestorePointPicker } from './RestorePointPicker';
import { rbStripDays, stripStart } from './useRbStrip';

// The one restore point picker of both tools: days without points cannot be chosen, a day's
// single point chooses itself, the arrows and Home/End move between days, times are written in
// the user's zone and the zone is named.

const at = (day: string, time: string) => Date.parse(`${day}T${time}:00Z`);
const DAYS: PickerDay[] = [
  { date: '2026-11-21', points: [] },
  { date: '2026-11-22', points: [{ id: 1, ts: at('2026-11-22', '09:00') }] },
  { date: '2026-11-23', points: [] },
  {
    date: '2026-11-24',
    points: [
      { id: 2, ts: at('2026-11-24', '08:00') },
      { id: 3, ts: at('2026-11-24', '20:30') },
    ],
  },
  { date: '2026-11-25', points: [] },
  { date: '2026-11-26', points: [] },
  { date: '2026-11-27', points: [{ id: 4, ts: at('2026-11-27', '07:15') }] },
];

function show(preferredDay: string | null, onCentre = vi.fn()) {
  const chosen: (ChosenPoint | null)[] = [];
  renderRoutes({
    path: '/',
    routes: [
      {
        path: '/',
        element: (
          <RestorePointPicker
            days={DAYS}
            preferredDay={preferredDay}
            error={null}
            prev="2026-11-17"
            next={null}
            min="2026-10-01"
            max="2026-11-27"
            onCentre={onCentre}
            action={(c) => {
              chosen.push(c);
              return <span data-testid="chosen">{c ? c.id : 'none'}</span>;
            }}
          />
        ),
      },
    ],
  });
  return { chosen, onCentre };
}

describe('RestorePointPicker', () => {
  beforeEach(() => setDisplayTimeZone('UTC'));
  afterEach(() => setDisplayTimeZone(null));

  it('disables days without points, shows the preferred day and names the zone', () => {
    show('2026-11-24');
    const days = screen.getAllByTestId('picker-day');
    expect(days).toHaveLength(7);
    expect(days.map((d) => (d as HTMLButtonElement).disabled)).toEqual([
      true,
      false,
      true,
      false,
      true,
      true,
      false,
    ]);
    expect(days[3]?.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getAllByTestId('restore-point').map((b) => b.textContent)).toHaveLength(2);
    expect(screen.getByTestId('time-zone').textContent).toContain('UTC');
    // Two points on the day: nothing is chosen until one is clicked.
    expect(screen.getByTestId('chosen').textContent).toBe('none');
    fireEvent.click(screen.getAllByTestId('restore-point')[1] as HTMLElement);
    expect(screen.getByTestId('chosen').textContent).toBe('3');
  });

  it('chooses a single point by itself and moves between days with the keyboard', () => {
    show(null);
    // No preferred day: the newest day with points, whose single point is chosen.
    expect(screen.getByTestId('chosen').textContent).toBe('4');
    const group = screen.getByRole('group', { name: 'Days with restore points' });
    const days = screen.getAllByTestId('picker-day');
    (days[6] as HTMLElement).focus();
    fireEvent.keyDown(group, { key: 'ArrowLeft' });
    expect(days[3]?.getAttribute('aria-pressed')).toBe('true');
    expect(document.activeElement).toBe(days[3]);
    expect(screen.getByTestId('chosen').textContent).toBe('none');
    fireEvent.keyDown(group, { key: 'Home' });
    expect(days[1]?.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('chosen').textContent).toBe('1');
  });

  it('pages through the centre the tool gives', () => {
    const { onCentre } = show(null);
    fireEvent.click(screen.getByRole('button', { name: 'Previous days' }));
    expect(onCentre).toHaveBeenCalledWith('2026-11-17');
    expect((screen.getByRole('button', { name: 'Next days' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('the second tool month call as a strip', () => {
  it('centres the strip and ends it no later than the last day', () => {
    expect(stripStart('2026-11-15', '2026-11-27')).toBe('2026-11-12');
    expect(stripStart('2026-11-26', '2026-11-27')).toBe('2026-11-21');
  });

  it('lays the points of one or two months on the strip, without the choose entry', () => {
    const month = (day: number, id: number) => ({
      days: [day],
      restorePoints: {
        [String(day)]: [
          { label: 'Choose a restore point', value: '0' },
          { label: '09:00', value: String(id), ts: id },
        ],
      },
      newOffset: 0,
    });
    const days = rbStripDays(
      '2026-10-29',
      new Map([
        ['2026-10', month(30, 10)],
        ['2026-11', month(2, 11)],
      ]),
    );
    expect(days.map((d) => d.date)).toEqual([
      '2026-10-29',
      '2026-10-30',
      '2026-10-31',
      '2026-11-01',
      '2026-11-02',
      '2026-11-03',
      '2026-11-04',
    ]);
    expect(days[1]?.points).toEqual([{ id: 10, ts: 10 }]);
    expect(days[4]?.points).toEqual([{ id: 11, ts: 11 }]);
    expect(days.filter((d) => d.points.length > 0)).toHaveLength(2);
  });
});
