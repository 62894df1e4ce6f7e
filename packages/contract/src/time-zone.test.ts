import { describe, expect, it } from 'vitest';
import { addDays, dayKeyIn, dayStartIn } from './time-zone';

describe('days in a time zone', () => {
  const t = Date.parse('2026-11-27T00:14:00Z');
  it('puts an instant in the day of each zone', () => {
    expect(dayKeyIn(t, 'UTC')).toBe('2026-11-27');
    expect(dayKeyIn(t, 'America/Los_Angeles')).toBe('2026-11-26');
    expect(dayKeyIn(t, 'Asia/Tokyo')).toBe('2026-11-27');
    expect(dayKeyIn(Date.parse('2026-11-27T15:30:00Z'), 'Asia/Tokyo')).toBe('2026-11-28');
  });

  it("starts a day at the zone's midnight, also on a day when the clocks change", () => {
    expect(dayStartIn('2026-11-26', 'America/Los_Angeles')).toBe(Date.parse('2026-11-26T08:00:00Z'));
    expect(dayStartIn('2026-11-27', 'Asia/Tokyo')).toBe(Date.parse('2026-11-26T15:00:00Z'));
    // 1 November 2026: Los Angeles goes back from UTC-7 to UTC-8 at 2:00; the day lasts 25 hours.
    const start = dayStartIn('2026-11-01', 'America/Los_Angeles');
    expect(start).toBe(Date.parse('2026-11-01T07:00:00Z'));
    expect(dayStartIn(addDays('2026-11-01', 1), 'America/Los_Angeles') - start).toBe(25 * 3_600_000);
  });
});
