import { dayStartIn } from '@lifeboat/contract';
import { describe, expect, it } from 'vitest';
import { dayStrip } from './day-strip';

const DAY = 86_400_000;
const now = Date.parse('2026-11-24T10:30:00Z');

describe('the restore point day strip (spec: recovery-flow 2 setRecoveryPoint; issue 18.14)', () => {
  it('shows no day after today when the latest point is today', () => {
    const points = [
      { id: 1, ts: now - 2 * DAY },
      { id: 2, ts: now - 3_600_000 },
    ];
    const strip = dayStrip(points, null, now, 'UTC');
    expect(strip.dates).toHaveLength(7);
    expect(strip.dates.at(-1)?.date).toBe('2026-11-24');
    expect(strip.dates.every((d) => dayStartIn(d.date, 'UTC') <= now)).toBe(true);
    expect(strip.selected).toBe('2026-11-24');
    expect(strip.next).toBeNull();
  });

  it('keeps the centre day in the middle when the strip is in the past', () => {
    const strip = dayStrip([{ id: 1, ts: now - 20 * DAY }], '2026-11-04', now, 'UTC');
    expect(strip.dates[3]?.date).toBe('2026-11-04');
    expect(strip.dates[3]?.enabled).toBe(true);
  });

  it('brings a future centre back to today', () => {
    const strip = dayStrip([], '2027-01-01', now, 'UTC');
    expect(strip.selected).toBe('2026-11-24');
    expect(strip.dates.at(-1)?.date).toBe('2026-11-24');
  });

  it("groups points into the days of the user's time zone", () => {
    // 00:14 UTC on 24 November is 4:14 PM on the 23rd in Los Angeles and 9:14 AM on the 24th in Tokyo.
    const ts = Date.parse('2026-11-24T00:14:00Z');
    const la = dayStrip([{ id: 1, ts }], null, now, 'America/Los_Angeles');
    expect(la.selected).toBe('2026-11-23');
    expect(la.dates.find((d) => d.date === '2026-11-23')?.points).toEqual([{ id: 1, ts }]);
    expect(la.dates.at(-1)?.date).toBe('2026-11-24');
    const tokyo = dayStrip([{ id: 1, ts }], null, now, 'Asia/Tokyo');
    expect(tokyo.selected).toBe('2026-11-24');
    expect(tokyo.max).toBe('2026-11-24');
  });
});
