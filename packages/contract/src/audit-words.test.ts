import { describe, expect, it } from 'vitest';
import {
  AUDIT_OBJECT_EXAMPLE,
  auditActionText,
  auditDetailsText,
  auditObjectText,
  parseAuditObject,
} from './audit-words';

// The audit log in words (issue 24 section 4): no stored codes, no raw JSON on screen.

const date = (ms: number) => `day ${ms}`;

describe('audit words', () => {
  it('names each action in words, and any new code readably', () => {
    expect(auditActionText('session.login')).toBe('Signed in');
    expect(auditActionText('mfa.enabled')).toBe('Turned MFA on');
    expect(auditActionText('settings.something_new')).toBe('Settings: something new');
  });

  it('names the object touched', () => {
    expect(auditObjectText('protected_system', '12')).toBe('System 12');
    expect(auditObjectText('runbook', '3')).toBe('Runbook 3');
    expect(auditObjectText(null, null)).toBeNull();
  });

  it('offers and reads the Object filter in the words the log shows', () => {
    expect(AUDIT_OBJECT_EXAMPLE).not.toMatch(/:|_/);
    const example = parseAuditObject(AUDIT_OBJECT_EXAMPLE.replace(/^e\.g\. /, ''));
    expect(example).toEqual({ type: 'protected_system', id: '12' });
    // Whatever a row shows reads back as the object it names.
    for (const [type, id] of [
      ['protected_system', '12'],
      ['cifs_share', '5'],
      ['update_schedule', '3'],
      ['user', '7'],
    ] as const) {
      expect(parseAuditObject(auditObjectText(type, id) ?? '')).toEqual({ type, id });
    }
    expect(parseAuditObject('  network   SHARE ')).toEqual({ type: 'cifs_share', id: undefined });
    expect(parseAuditObject('Runbook #4')).toEqual({ type: 'runbook', id: '4' });
    expect(parseAuditObject('12')).toEqual({ id: '12' });
    // The stored form still works (links and bookmarks made with it).
    expect(parseAuditObject('user:12')).toEqual({ type: 'user', id: '12' });
  });

  it('writes details as labelled values, without ids, JSON or codes', () => {
    const text = auditDetailsText(
      JSON.stringify({
        operation_id: 7,
        runbook: 'Main office',
        stopped_by: 'Alex',
        stop_at: 5,
        size_bytes: 2048,
        approval_required: true,
        old: { name: 'A', remote_subnets: ['10.0.0.0/8'] },
        new: null,
      }),
      date,
    );
    expect(text).toBe(
      'Runbook: Main office; Stopped by: Alex; Stop at: day 5; Size: 2.00 KB; Approval required: yes; Before: (Name: A, Remote subnets: 10.0.0.0/8)',
    );
    expect(auditDetailsText(null, date)).toBe('');
    expect(auditDetailsText('plain words', date)).toBe('plain words');
  });
});
