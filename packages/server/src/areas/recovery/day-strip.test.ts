import { describe, expect, it } from 'vitest';
import { dayStartOf, dayStrip } from './day-strip';

const DAY = 86_400_000;
const now = Date.parse('2026-11-24T10:30:00Z');

describe('the restore point day strip (spec: recovery-flow 2 setRecoveryPoint; issue 18.14)', () => {
  it('shows no day after today when the latest point is today', () => {
    const points = [
      { id: 1, ts: now - 2 * DAY },
      { id: 2, ts: now - 3_600_000 },
    ];
    const strip = dayStrip(points, null, now);
    expect(strip.dates).toHaveLength(7);
    expect(strip.dates.at(-1)?.date).toBe('2026-11-24');
    expect(strip.dates.every((d) => dayStartOf(d.date) <= now)).toBe(true);
    expect(strip.selected).toBe('2026-11-24');
    expect(strip.next).toBeNull();
  });

  it('keeps the centre day in the middle when the strip is in the past', () => {
    const strip = dayStrip([{ id: 1, ts: now - 20 * DAY }], '2026-11-04', now);
    expect(strip.dates[3]?.date).toBe('2026-11-04');
    expect(strip.dates[3]?.enabled).toBe(true);
  });

  it('brings a future centre back to today', () => {
    const strip = dayStrip([], '2027-01-01', now);
    expect(strip.selected).toBe('2026-11-24');
    expect(strip.dates.at(-1)?.date).toBe('2026-11-24');
  });
});
