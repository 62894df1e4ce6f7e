import { describe, expect, it } from 'vitest';
import {
  checkEmails,
  checkReportDates,
  nextDeliveryAt,
  previousPeriod,
  REPORT_DATE_MESSAGES,
  stripLineBreaks,
} from './reports';

const at = (iso: string) => Date.parse(`${iso}T12:00:00Z`);
const check = (from: string, to: string, created = '2025-01-01', now = '2026-03-15') =>
  checkReportDates({ from, to, clientCreatedAt: at(created), now: at(now) })?.code ?? null;

describe('report date rules (spec 5)', () => {
  it('accepts a valid period', () => expect(check('2026-02-01', '2026-02-28')).toBeNull());
  it('refuses a bad format', () => expect(check('2026-2-1', '2026-02-28')).toBe('bad_date'));
  it('refuses a day that does not exist', () => expect(check('2026-02-30', '2026-03-10')).toBe('bad_date'));
  it('client_not_exists names the creation date as MM/DD/YYYY', () => {
    const r = checkReportDates({
      from: '2026-01-01',
      to: '2026-01-31',
      clientCreatedAt: at('2026-01-05'),
      now: at('2026-03-15'),
    });
    expect(r?.code).toBe('client_not_exists');
    expect(r?.message).toBe(REPORT_DATE_MESSAGES.client_not_exists('01/05/2026'));
    expect(r?.message).toContain('01/05/2026');
  });
  it('start on the creation day is fine', () =>
    expect(check('2026-01-05', '2026-01-31', '2026-01-05')).toBeNull());
  it('start_before_end', () => expect(check('2026-02-10', '2026-02-01')).toBe('start_before_end'));
  it('range_too_small under 7 days, 7 days is enough', () => {
    expect(check('2026-02-01', '2026-02-06')).toBe('range_too_small');
    expect(check('2026-02-01', '2026-02-07')).toBeNull();
  });
  it('range_too_big over 92 days, a 92-day quarter is fine', () => {
    expect(check('2025-07-01', '2025-09-30')).toBeNull(); // 92 days
    expect(check('2025-07-01', '2025-10-01')).toBe('range_too_big');
  });
  it('out_of_range when the end is today or later', () => {
    expect(check('2026-03-01', '2026-03-15')).toBe('out_of_range');
    expect(check('2026-03-01', '2026-03-14')).toBeNull();
  });
  it('client_too_new: a client created yesterday, or 5 days ago; 6 days ago is enough', () => {
    expect(check('2026-03-14', '2026-03-14', '2026-03-14')).toBe('client_too_new');
    expect(check('2026-03-10', '2026-03-14', '2026-03-10')).toBe('client_too_new');
    expect(check('2026-03-09', '2026-03-14', '2026-03-09', '2026-03-16')).toBe('range_too_small');
  });
  it('a leap day is a real day in a leap year only', () => {
    expect(check('2024-02-01', '2024-02-29', '2023-01-01')).toBeNull();
    expect(check('2025-02-01', '2025-02-29', '2023-01-01')).toBe('bad_date');
  });
});

describe('scheduled period (spec 4)', () => {
  it('weekly: the previous Monday to Sunday', () => {
    expect(previousPeriod('weekly', '2026-03-16')).toEqual({ from: '2026-03-09', to: '2026-03-15' }); // a Monday
    expect(previousPeriod('weekly', '2026-03-15')).toEqual({ from: '2026-03-02', to: '2026-03-08' }); // a Sunday
    expect(previousPeriod('weekly', '2026-01-01')).toEqual({ from: '2025-12-22', to: '2025-12-28' });
  });
  it('monthly: the previous calendar month, across a year and a leap February', () => {
    expect(previousPeriod('monthly', '2026-01-01')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(previousPeriod('monthly', '2024-03-01')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(previousPeriod('monthly', '2025-03-31')).toEqual({ from: '2025-02-01', to: '2025-02-28' });
  });
  it('quarterly: the previous quarter by month ranges', () => {
    expect(previousPeriod('quarterly', '2026-01-01')).toEqual({ from: '2025-10-01', to: '2025-12-31' });
    expect(previousPeriod('quarterly', '2026-05-20')).toEqual({ from: '2026-01-01', to: '2026-03-31' });
    expect(previousPeriod('quarterly', '2024-04-01')).toEqual({ from: '2024-01-01', to: '2024-03-31' });
  });
  it('each period passes the date rules on its delivery day', () => {
    for (const f of ['weekly', 'monthly', 'quarterly'] as const) {
      const when = nextDeliveryAt(f, at('2026-02-10'));
      const p = previousPeriod(f, new Date(when).toISOString().slice(0, 10));
      expect(checkReportDates({ ...p, clientCreatedAt: at('2020-01-01'), now: when })).toBeNull();
    }
  });
  it('next delivery: the next Monday, first of the month, first of the quarter at 00:00 UTC', () => {
    expect(new Date(nextDeliveryAt('weekly', at('2026-03-11'))).toISOString()).toBe(
      '2026-03-16T00:00:00.000Z',
    );
    expect(new Date(nextDeliveryAt('weekly', Date.parse('2026-03-16T00:00:00Z'))).toISOString()).toBe(
      '2026-03-23T00:00:00.000Z',
    );
    expect(new Date(nextDeliveryAt('monthly', at('2026-12-31'))).toISOString()).toBe(
      '2027-01-01T00:00:00.000Z',
    );
    expect(new Date(nextDeliveryAt('quarterly', at('2026-11-02'))).toISOString()).toBe(
      '2027-01-01T00:00:00.000Z',
    );
    expect(new Date(nextDeliveryAt('quarterly', at('2026-04-01'))).toISOString()).toBe(
      '2026-07-01T00:00:00.000Z',
    );
  });
});

describe('text and e-mail rules (spec 5)', () => {
  it('strips line breaks', () => expect(stripLineBreaks('a\r\nb\nc')).toBe('a b c'));
  it('names the invalid address and knows the limit', () => {
    expect(checkEmails(['a@b.co', 'nope'])).toContain('"nope"');
    expect(checkEmails([])).toMatch(/at least one/);
    expect(checkEmails(Array.from({ length: 11 }, (_, i) => `u${i}@x.io`))).toMatch(/limit/);
    expect(checkEmails(['a@b.co', 'c@d.org'])).toBeNull();
  });
});
