import { describe, expect, it } from 'vitest';
import {
  alertRouting,
  DEFAULT_ALERT_ROUTING,
  digestMailSubject,
  inQuietHours,
  mailSchedule,
  nextHour,
  nextLocalTime,
  severityReaches,
} from './alert-routing';
import { alertRule, DEFAULT_ALERT_RULE } from './alerts';

// Routing arithmetic on fixed instants (the manual clock's): digest windows, quiet hours across
// midnight and in a zone with an offset, the routing choice, and old rules reading the defaults.

const at = (iso: string) => Date.parse(iso);
const r = (over: Partial<typeof DEFAULT_ALERT_ROUTING>) => ({ ...DEFAULT_ALERT_ROUTING, ...over });

describe('digest windows', () => {
  it('sends an hourly digest at the next top of the hour, in a half-hour zone too', () => {
    expect(nextHour(at('2026-11-20T12:00:00Z'), 'UTC')).toBe(at('2026-11-20T13:00:00Z'));
    expect(nextHour(at('2026-11-20T12:59:59Z'), 'UTC')).toBe(at('2026-11-20T13:00:00Z'));
    // Kolkata is UTC+5:30: its hours start at :30 UTC.
    expect(nextHour(at('2026-11-20T12:10:00Z'), 'Asia/Kolkata')).toBe(at('2026-11-20T12:30:00Z'));
  });

  it('sends a daily digest at its hour in the rule’s zone, tomorrow once it has passed', () => {
    const paris = r({ email: 'daily', daily_at: 8, time_zone: 'Europe/Paris' });
    // 08:00 in Paris in November is 07:00 UTC.
    expect(mailSchedule(at('2026-11-20T06:00:00Z'), paris)).toEqual({
      period: 'daily',
      due: at('2026-11-20T07:00:00Z'),
    });
    expect(mailSchedule(at('2026-11-20T07:00:00Z'), paris)).toEqual({
      period: 'daily',
      due: at('2026-11-21T07:00:00Z'),
    });
    // Across a change of summer time: 08:00 in Paris on 29 March 2026 is 06:00 UTC.
    expect(nextLocalTime(at('2026-03-28T20:00:00Z'), 8 * 60, 'Europe/Paris')).toBe(
      at('2026-03-29T06:00:00Z'),
    );
  });

  it('sends at once when the rule says each change', () => {
    expect(mailSchedule(at('2026-11-20T12:34:00Z'), r({}))).toEqual({
      period: 'now',
      due: at('2026-11-20T12:34:00Z'),
    });
  });
});

describe('quiet hours', () => {
  const night = { start: '22:00', end: '07:00' };
  it('hold across midnight, start included, end excluded', () => {
    expect(inQuietHours(at('2026-11-20T21:59:00Z'), night, 'UTC')).toBe(false);
    expect(inQuietHours(at('2026-11-20T22:00:00Z'), night, 'UTC')).toBe(true);
    expect(inQuietHours(at('2026-11-21T03:00:00Z'), night, 'UTC')).toBe(true);
    expect(inQuietHours(at('2026-11-21T07:00:00Z'), night, 'UTC')).toBe(false);
    expect(inQuietHours(at('2026-11-21T12:00:00Z'), { start: '12:00', end: '13:00' }, 'UTC')).toBe(true);
    expect(inQuietHours(at('2026-11-21T13:00:00Z'), { start: '12:00', end: '13:00' }, 'UTC')).toBe(false);
  });

  it('move each change and each digest that falls in them to their end, as one digest', () => {
    const ny = r({ quiet_hours: night, time_zone: 'America/New_York' });
    // 23:30 in New York (UTC-5) is 04:30 UTC; the quiet hours end at 07:00 local, 12:00 UTC.
    const held = mailSchedule(at('2026-11-21T04:30:00Z'), ny);
    expect(held).toEqual({ period: 'quiet', due: at('2026-11-21T12:00:00Z') });
    // Another change at 02:00 local goes into the same digest.
    expect(mailSchedule(at('2026-11-21T07:00:00Z'), ny)).toEqual(held);
    // An hourly digest due at 03:00 local waits for the end too; one due at 08:00 does not.
    expect(mailSchedule(at('2026-11-21T07:10:00Z'), { ...ny, email: 'hourly' })).toEqual(held);
    expect(mailSchedule(at('2026-11-21T12:10:00Z'), { ...ny, email: 'hourly' })).toEqual({
      period: 'hourly',
      due: at('2026-11-21T13:00:00Z'),
    });
    // In the day: at once.
    expect(mailSchedule(at('2026-11-21T15:00:00Z'), ny).period).toBe('now');
  });
});

describe('routing choice', () => {
  it('tells a channel from its severity up', () => {
    expect(severityReaches('critical', 'critical')).toBe(true);
    expect(severityReaches('warning', 'critical')).toBe(false);
    expect(severityReaches('warning', 'warning')).toBe(true);
    expect(severityReaches('info', 'info')).toBe(true);
    expect(severityReaches('info', 'warning')).toBe(false);
  });

  it('refuses bad routing with sentences', () => {
    const bad = (over: Record<string, unknown>) =>
      alertRouting.safeParse({ ...DEFAULT_ALERT_ROUTING, ...over }).error?.issues[0]?.message;
    expect(bad({ webhooks: 'chosen', webhook_ids: [] })).toBe(
      'Choose at least one webhook endpoint, or choose none.',
    );
    expect(bad({ quiet_hours: { start: '22:00', end: '22:00' } })).toBe(
      'Quiet hours need an end different from their start.',
    );
    expect(bad({ quiet_hours: { start: '25:00', end: '07:00' } })).toMatch(/Enter a time such as 22:00/);
    expect(bad({ daily_at: 24 })).toBe('Enter an hour from 0 to 23.');
    expect(bad({ time_zone: 'Mars/Olympus' })).toMatch(/time zone/);
    expect(bad({ email: 'weekly' })).toBe('Choose each change, hourly or daily.');
  });

  it('reads a rule stored before routing existed with the defaults', () => {
    const { routing: _, ...old } = DEFAULT_ALERT_RULE;
    const read = alertRule.parse(JSON.parse(JSON.stringify(old)));
    expect(read.routing).toEqual(DEFAULT_ALERT_ROUTING);
  });

  it('names the digest plainly', () => {
    expect(digestMailSubject({ period: 'hourly', count: 3, orgName: 'Acme Dental' })).toBe(
      '[Lifeboat] Hourly digest: 3 alert changes (Acme Dental)',
    );
    expect(digestMailSubject({ period: 'quiet', count: 1, orgName: 'MSP' })).toBe(
      '[Lifeboat] After quiet hours: 1 alert change (MSP)',
    );
  });
});
