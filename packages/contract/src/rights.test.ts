import { describe, expect, it } from 'vitest';
import { LEVEL } from './constants';
import { holdsRight, isRight, levelRights, RIGHT_NAMES, RIGHTS, ROLE_BASE_RIGHTS, rightsOf } from './rights';

const granted = { can_recover: 1, can_create_client: 1, can_download_agent: 1, can_edit_policy: 1 };
const user = (
  level: number,
  organisationKind: 'provider' | 'distributor' | 'reseller' | 'client',
  grants = {},
) => ({
  level,
  organisationKind,
  grants,
});

describe('the rights table', () => {
  it('gives every right a level, a sentence for the refusal and a known grant', () => {
    for (const r of RIGHT_NAMES) {
      const rule = RIGHTS[r];
      expect(rule.levels.length, r).toBeGreaterThan(0);
      expect(rule.refused, r).toMatch(/^[A-Z].*\.$/);
      expect(isRight(r)).toBe(true);
    }
    expect(isRight('toString')).toBe(false);
  });

  it('gives a client user reading, its own account, reports, its users and recovery when granted', () => {
    expect(rightsOf(user(LEVEL.CLIENT, 'client', granted))).toEqual([
      'read',
      'manage_own_account',
      'recover',
      'view_reports',
      'view_audit',
      'run_autoverify',
      'manage_users',
    ]);
    expect(holdsRight(user(LEVEL.CLIENT, 'client', { ...granted, can_recover: 0 }), 'recover')).toBe(false);
  });

  it('takes each grant from a reseller that lacks it', () => {
    const all = rightsOf(user(LEVEL.RESELLER, 'reseller', granted));
    expect(all).toEqual(
      expect.arrayContaining(['recover', 'manage_clients', 'download_agent', 'edit_protection']),
    );
    expect(all).not.toContain('manage_resellers');
    expect(all).not.toContain('manage_platform');
    const none = rightsOf(user(LEVEL.RESELLER, 'reseller', {}));
    for (const r of ['recover', 'download_agent', 'edit_protection']) expect(none, r).not.toContain(r);
    expect(none).toContain('manage_sources');
  });

  it('does not ask the provider or a distributor for grants', () => {
    const staff = rightsOf(user(LEVEL.STAFF, 'provider'));
    expect(staff).toContain('recover');
    expect(staff).toContain('manage_platform');
    expect(staff).toContain('manage_sources');
    const dist = rightsOf(user(LEVEL.DISTRIBUTOR, 'distributor'));
    expect(dist).toContain('manage_resellers');
    expect(dist).not.toContain('manage_sources');
    expect(dist).not.toContain('manage_platform');
  });

  it("narrows by a custom role: the level's and grants' rights that the role also holds", () => {
    const reseller = { ...user(LEVEL.RESELLER, 'reseller', granted) };
    const technician = levelRights(LEVEL.RESELLER).filter((r) => r !== 'view_reports');
    expect(rightsOf({ ...reseller, role: technician })).toEqual(
      rightsOf(reseller).filter((r) => r !== 'view_reports'),
    );
    // A role never widens: rights beyond the level or a missing grant stay out.
    const everything = rightsOf({ ...user(LEVEL.CLIENT, 'client', { can_recover: 0 }), role: RIGHT_NAMES });
    expect(everything).toEqual(rightsOf(user(LEVEL.CLIENT, 'client', { can_recover: 0 })));
    expect(everything).not.toContain('manage_clients');
    expect(everything).not.toContain('recover');
    // Every role keeps reading and the user's own account, even one naming nothing.
    expect(rightsOf({ ...reseller, role: [] })).toEqual([...ROLE_BASE_RIGHTS]);
    // No role (null) is the built-in role of the level.
    expect(rightsOf({ ...reseller, role: null })).toEqual(rightsOf(reseller));
    expect(holdsRight({ ...reseller, role: ['recover'] }, 'recover')).toBe(true);
    expect(holdsRight({ ...reseller, role: ['recover'] }, 'manage_users')).toBe(false);
  });

  it('gives the built-in role of a level every right of the level, grants aside', () => {
    expect(levelRights(LEVEL.CLIENT)).toEqual(rightsOf(user(LEVEL.CLIENT, 'client', granted)));
    expect(levelRights(LEVEL.STAFF)).toEqual(rightsOf(user(LEVEL.STAFF, 'provider')));
  });
});
