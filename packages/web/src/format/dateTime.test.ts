import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatDateTime12,
  formatDay,
  formatShortDay,
  formatTime,
} from './dateTime';

// issue 18.14: one format across the app, in the viewer's locale, 12-hour where the spec says so.
const at = Date.UTC(2026, 10, 24, 14, 5, 9);

describe('the shared date and time format', () => {
  it("follows the viewer's locale", () => {
    expect(formatDate(at, 'en-US')).toBe('Nov 24, 2026');
    expect(formatDate(at, 'en-GB')).toBe('24 Nov 2026');
    expect(formatDay('2026-11-24', 'en-US')).toBe('Nov 24, 2026');
    // A chart's day without its year, in the same style ("24 Nov", never "11/24").
    expect(formatShortDay('2026-11-24', 'en-US')).toBe('Nov 24');
    expect(formatShortDay('2026-11-24', 'en-GB')).toBe('24 Nov');
  });

  it('shows a dash when there is no time', () => {
    expect(formatDateTime(null)).toBe('—');
    expect(formatDate(undefined)).toBe('—');
  });

  it('writes the date and the time the same way everywhere', () => {
    const text = formatDateTime(at, 'en-US');
    expect(text.startsWith('Nov 24, 2026')).toBe(true);
    expect(text).toContain(formatTime(at, 'en-US'));
  });

  it('keeps 12-hour time for the last refresh even in a 24-hour locale', () => {
    expect(formatDateTime12(at, 'en-GB')).toMatch(/(am|pm)/i);
  });
});
