import { describe, expect, it } from 'vitest';
import {
  AUTO_STOP_MAX_MINUTES,
  autoStopAtError,
  autoStopMessages,
  autoStopMinutes,
  autoStopMinutesError,
  autoStopMinutesUntil,
  canMovePhase,
  createFailoverBody,
  FAILOVER_PHASES,
  runbookStatusOf,
} from './failover';
import { canStartRunbook, runbookForm, runbookStartErrors } from './runbooks';

// issue 16: the auto-stop rule (inventory-reports-exports-security 5, 8), the phases
// (recovery-flow 4 'Failover'), the runbook start rules (recovery-flow 5) and the runbook form.

const MIN = 60_000;
const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);

describe('the auto-stop rule', () => {
  it('takes exactly one hour and at most 525,600 minutes', () => {
    expect(autoStopMinutesError(60)).toBeNull();
    expect(autoStopMinutesError(59)).toBe(autoStopMessages.oneHour);
    expect(autoStopMinutesError(1)).toBe(autoStopMessages.oneHour);
    expect(autoStopMinutesError(525_600)).toBeNull();
    expect(autoStopMinutesError(525_601)).toBe(autoStopMessages.maximum);
    expect(autoStopMinutesError(0)).toBe(autoStopMessages.past);
    expect(autoStopMinutesError(-5)).toBe(autoStopMessages.past);
    expect(autoStopMinutesError(Number.NaN)).toBe(autoStopMessages.past);
  });

  it('checks a chosen date and time against now', () => {
    expect(autoStopAtError(NOW + 60 * MIN, NOW)).toBeNull();
    expect(autoStopAtError(NOW + 60 * MIN - 1, NOW)).toBe(autoStopMessages.oneHour);
    expect(autoStopAtError(NOW - MIN, NOW)).toBe(autoStopMessages.past);
    expect(autoStopAtError(NOW, NOW)).toBe(autoStopMessages.past);
    expect(autoStopAtError(NOW + AUTO_STOP_MAX_MINUTES * MIN, NOW)).toBeNull();
    expect(autoStopAtError(NOW + (AUTO_STOP_MAX_MINUTES + 1) * MIN, NOW)).toBe(autoStopMessages.maximum);
    expect(autoStopMinutesUntil(NOW + 90 * MIN, NOW)).toBe(90);
  });

  it('is the minutes field of a start: 0 is none, the rule otherwise', () => {
    expect(autoStopMinutes.safeParse(0).success).toBe(true);
    expect(autoStopMinutes.safeParse(60).success).toBe(true);
    expect(autoStopMinutes.safeParse('120').data).toBe(120);
    expect(autoStopMinutes.safeParse(525_600).success).toBe(true);
    const over = autoStopMinutes.safeParse(525_601);
    expect(over.error?.issues[0]?.message).toBe(autoStopMessages.maximum);
    expect(autoStopMinutes.safeParse(59).error?.issues[0]?.message).toBe(autoStopMessages.oneHour);
    expect(autoStopMinutes.safeParse(-1).success).toBe(false);
    expect(autoStopMinutes.safeParse(true).success).toBe(false);
  });
});

describe('failover phases', () => {
  it('move new -> started -> finished, and waiting -> new, refused or expired', () => {
    expect(canMovePhase('awaiting_approval', 'new')).toBe(true);
    expect(canMovePhase('awaiting_approval', 'refused')).toBe(true);
    expect(canMovePhase('awaiting_approval', 'expired')).toBe(true);
    expect(canMovePhase('awaiting_approval', 'started')).toBe(false);
    expect(canMovePhase('new', 'started')).toBe(true);
    expect(canMovePhase('new', 'failed')).toBe(true);
    expect(canMovePhase('started', 'finished')).toBe(true);
    expect(canMovePhase('started', 'failed')).toBe(true);
    expect(canMovePhase('started', 'new')).toBe(false);
    for (const end of ['finished', 'failed', 'refused', 'expired'] as const)
      for (const p of FAILOVER_PHASES) expect(canMovePhase(end, p)).toBe(false);
  });

  it('map to the runbook statuses polled until vo_created or vo_error', () => {
    expect(runbookStatusOf(null)).toBe('none');
    expect(runbookStatusOf('awaiting_approval')).toBe('awaiting_approval');
    expect(runbookStatusOf('new')).toBe('vo_creating');
    expect(runbookStatusOf('started')).toBe('vo_created');
    expect(runbookStatusOf('finished')).toBe('vo_created');
    expect(runbookStatusOf('failed')).toBe('vo_error');
    expect(runbookStatusOf('refused')).toBe('vo_error');
  });
});

describe('runbook start rules', () => {
  it('enables Start once a row is chosen and use runbook is on', () => {
    expect(canStartRunbook(null, true)).toBe(false);
    expect(canStartRunbook(3, false)).toBe(false);
    expect(canStartRunbook(3, true)).toBe(true);
  });

  it('asks for the password and checks a test’s auto-stop', () => {
    const base = {
      passwordProtected: false,
      passwordGiven: false,
      type: 'test' as const,
      autostopMinutes: undefined,
    };
    expect(runbookStartErrors(base)).toEqual([]);
    expect(runbookStartErrors({ ...base, passwordProtected: true })).toEqual([
      'Enter the runbook’s password.',
    ]);
    expect(runbookStartErrors({ ...base, passwordProtected: true, passwordGiven: true })).toEqual([]);
    expect(runbookStartErrors({ ...base, autostopMinutes: 30 })).toEqual([autoStopMessages.oneHour]);
    // Production never stops by itself: its auto-stop is not asked for, nor checked.
    expect(runbookStartErrors({ ...base, type: 'production', autostopMinutes: 30 })).toEqual([]);
  });
});

describe('the runbook form', () => {
  const valid = {
    name: 'Main office',
    vo_type: 'cloud',
    appliance_id: null,
    gateway: '10.0.0.1',
    netmask: '255.255.255.0',
    password: '',
    clear_password: false,
    systems: [
      { system_id: 1, group: 1, delay_seconds: 0, ip_address: '10.0.0.20' },
      { system_id: 2, group: 2, delay_seconds: 30, ip_address: '' },
    ],
  };
  const issues = (v: object) => {
    const r = runbookForm.safeParse(v);
    return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
  };

  it('accepts a valid runbook', () => {
    expect(issues(valid)).toEqual({});
  });

  it('checks each field with a sentence', () => {
    expect(issues({ ...valid, name: '' }).name).toBe('Enter the runbook name.');
    expect(issues({ ...valid, gateway: '10.0.0.300' }).gateway).toContain('IPv4');
    expect(issues({ ...valid, netmask: '255.0.255.0' }).netmask).toContain('netmask');
    expect(issues({ ...valid, systems: [] }).systems).toBe('Add at least one system to the runbook.');
    expect(issues({ ...valid, vo_type: 'appliance' }).appliance_id).toBe(
      'Choose the appliance that runs the office.',
    );
    const bad = issues({
      ...valid,
      systems: [
        { system_id: 1, group: 11, delay_seconds: 3601, ip_address: 'x' },
        { system_id: 1, group: 0, delay_seconds: -1, ip_address: '10.0.0.1' },
      ],
    });
    expect(bad['systems.0.group']).toBe('The group can be at most 10.');
    expect(bad['systems.0.delay_seconds']).toBe('The delay can be at most 3600 seconds.');
    expect(bad['systems.0.ip_address']).toContain('IPv4');
    expect(bad['systems.1.group']).toBe('The group must be from 1.');
    expect(bad['systems.1.delay_seconds']).toBe('The delay cannot be negative.');
  });

  it('refuses a system twice, the gateway’s address and one address twice', () => {
    const dup = issues({
      ...valid,
      systems: [
        { system_id: 1, group: 1, delay_seconds: 0, ip_address: '10.0.0.20' },
        { system_id: 1, group: 1, delay_seconds: 0, ip_address: '10.0.0.20' },
        { system_id: 3, group: 1, delay_seconds: 0, ip_address: '10.0.0.1' },
      ],
    });
    expect(dup['systems.1.system_id']).toBe('This system is in the runbook twice.');
    expect(dup['systems.1.ip_address']).toBe('Two systems have this address.');
    expect(dup['systems.2.ip_address']).toBe('This is the gateway’s address.');
  });
});

describe('create_failover', () => {
  it('checks its text inputs', () => {
    const body = {
      client_id: 1,
      app_ids: [2],
      d2c_selected: false,
      vault_only_selected: false,
      virtualization_type: 'cloud',
      type: 'test',
      selected_services: ['vpn'],
      gateway: '192.168.1.1',
      netmask: '255.255.255.0',
    };
    expect(createFailoverBody.safeParse(body).success).toBe(true);
    expect(createFailoverBody.safeParse({ ...body, gateway: 'router' }).success).toBe(false);
    expect(createFailoverBody.safeParse({ ...body, selected_services: ['telnet'] }).success).toBe(false);
    expect(createFailoverBody.safeParse({ ...body, stop_after_minutes: 525_601 }).success).toBe(false);
  });
});
