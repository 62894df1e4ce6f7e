import { describe, expect, it } from 'vitest';
import {
  ALERT_REOPEN_GRACE_MS,
  type AlertState,
  alertMailSubject,
  alertStep,
  alertSubjectPath,
  conditionSummary,
  DEFAULT_ALERT_RULE,
  failureStreak,
  isPoweredOff,
} from './alerts';
import { ManualClock } from './clock';

const MIN = 60_000;

describe('an alert over time (alertStep on the manual clock)', () => {
  it('opens once, updates while the condition holds, resolves when it clears', () => {
    const clock = new ManualClock(1_000_000);
    let a: AlertState | null = null;
    expect(alertStep(a, false, clock.now())).toBe('none');
    expect(alertStep(a, true, clock.now())).toBe('open');
    a = { resolvedAt: null, lastSeenAt: clock.now() };
    // A second evaluation at the same moment (another instance, a re-run) changes nothing.
    expect(alertStep(a, true, clock.now())).toBe('none');
    clock.advance(MIN);
    expect(alertStep(a, true, clock.now())).toBe('update');
    a = { resolvedAt: null, lastSeenAt: clock.now() };
    clock.advance(MIN);
    expect(alertStep(a, false, clock.now())).toBe('resolve');
    a = { resolvedAt: clock.now(), lastSeenAt: a.lastSeenAt };
    clock.advance(MIN);
    expect(alertStep(a, false, clock.now())).toBe('none');
  });

  it('reopens the same alert within the grace period and opens a new one after it', () => {
    const clock = new ManualClock(5_000_000);
    const resolved: AlertState = { resolvedAt: clock.now(), lastSeenAt: clock.now() - MIN };
    clock.advance(ALERT_REOPEN_GRACE_MS);
    expect(alertStep(resolved, true, clock.now())).toBe('reopen');
    clock.advance(1);
    expect(alertStep(resolved, true, clock.now())).toBe('open');
  });

  it('does not resolve an alert seen at the same moment', () => {
    expect(alertStep({ resolvedAt: null, lastSeenAt: 10 }, false, 10)).toBe('none');
  });
});

describe('failureStreak', () => {
  it('counts failures from the newest run until another outcome', () => {
    expect(failureStreak([])).toBe(0);
    expect(failureStreak(['FAILED', 'FAILED', 'COMPLETED', 'FAILED'])).toBe(2);
    expect(failureStreak(['MISSED', 'FAILED', 'FAILED'])).toBe(0);
    expect(failureStreak(['COMPLETED', 'FAILED'])).toBe(0);
  });
});

describe('isPoweredOff', () => {
  it('is a workstation whose newest run was missed, nothing else', () => {
    expect(isPoweredOff('workstation', 'MISSED')).toBe(true);
    expect(isPoweredOff('workstation', 'FAILED')).toBe(false);
    expect(isPoweredOff('server', 'MISSED')).toBe(false);
    expect(isPoweredOff('workstation', null)).toBe(false);
  });
});

describe('conditionSummary', () => {
  it('says the rule in a technician’s words', () => {
    expect(conditionSummary('backup_failed', DEFAULT_ALERT_RULE)).toBe('backup failed 2 times in a row');
    expect(conditionSummary('appliance_offline', { ...DEFAULT_ALERT_RULE, offline_minutes: 45 })).toBe(
      'appliance offline for more than 45 minutes',
    );
  });
});

describe('alertMailSubject', () => {
  it('is plain text a technician can filter on', () => {
    const m = {
      severity: 'critical',
      subjectName: 'SRV01',
      clientName: 'Acme Dental',
      summary: 'backup failed 2 times in a row',
    };
    expect(alertMailSubject({ ...m, transition: 'opened' })).toBe(
      '[Lifeboat] Troubled: SRV01 (Acme Dental) backup failed 2 times in a row',
    );
    expect(alertMailSubject({ ...m, transition: 'reopened', severity: 'warning' })).toBe(
      '[Lifeboat] Warned: SRV01 (Acme Dental) backup failed 2 times in a row',
    );
    expect(alertMailSubject({ ...m, transition: 'resolved' })).toBe(
      '[Lifeboat] Resolved: SRV01 (Acme Dental) backup failed 2 times in a row',
    );
  });
});

describe('where an alert links to', () => {
  it('is the page where a person acts on its subject', () => {
    const at = (subject_type: string, subject_id = 7) =>
      alertSubjectPath({ subject_type, subject_id, client_id: 3, reseller_id: 2 });
    expect(at('system')).toBe('/device/details/7');
    expect(at('appliance')).toBe('/appliance/details/7');
    expect(at('reseller', 2)).toBe('/reseller/details/2');
    // The client's virtual office section holds its running offices and the approvals waiting.
    expect(at('failover')).toBe('/client/details/3/1');
    // The client's page lists its FTPS exports.
    expect(at('ftps_export')).toBe('/client/details/3');
  });
});
