import { LEVEL, type Right, rightsOf } from '@lifeboat/contract';
import { describe, expect, it } from 'vitest';
import { canManageUserLevel, clientRowFlags, levelOfKind, userRowFlags } from './permissions';

describe('entity permissions', () => {
  it('gives each organisation kind the spec’s level', () => {
    expect(['provider', 'distributor', 'reseller', 'client'].map((k) => levelOfKind(k as never))).toEqual([
      2, 3, 1, 0,
    ]);
  });

  it('never lets anyone manage a user above their own level', () => {
    expect(canManageUserLevel({ level: 1 }, 1)).toBe(true);
    expect(canManageUserLevel({ level: 1 }, 0)).toBe(true);
    expect(canManageUserLevel({ level: 1 }, 2)).toBe(false);
    expect(canManageUserLevel({ level: 0 }, 1)).toBe(false);
    expect(canManageUserLevel({ level: 2 }, 3)).toBe(false);
  });

  it('offers edit and delete on user rows by level, never delete on one’s own row', () => {
    const rights = new Set<Right>(['manage_users', 'read']);
    const withheld = new Set<Right>();
    const me = { level: 1, userId: 5, rights, withheld };
    const user = (id: number, level: number) => ({ id, level, rights: ['read'] as Right[] });
    expect(userRowFlags(me, user(5, 1))).toMatchObject({ can_edit: true, can_delete: false });
    expect(userRowFlags(me, user(6, 0))).toMatchObject({ can_edit: true, can_delete: true });
    expect(userRowFlags({ ...me, level: 0, userId: 7 }, user(5, 1))).toMatchObject({
      can_edit: false,
      can_delete: false,
    });
  });

  it('offers nothing to a login without manage_users, nor on a user holding a right it lacks', () => {
    const withheld = new Set<Right>(['view_reports']);
    const tech = { level: 1, userId: 5, rights: new Set<Right>(['manage_users', 'read']), withheld };
    const none = { edit: false, del: false };
    const flags = (a: typeof tech, rights: Right[]) => {
      const f = userRowFlags(a, { id: 6, level: 0, rights });
      return { edit: f.can_edit, del: f.can_delete };
    };
    expect(flags(tech, ['read'])).toEqual({ edit: true, del: true });
    expect(flags(tech, ['read', 'view_reports'])).toEqual(none);
    const auditor = { ...tech, rights: new Set<Right>(['read']), withheld: new Set<Right>(['manage_users']) };
    expect(flags(auditor, ['read'])).toEqual(none);
  });

  it('offers delete only on empty clients and nothing to client users', () => {
    const grants = { can_create_client: 1 };
    const reseller = {
      rights: new Set(rightsOf({ level: LEVEL.RESELLER, organisationKind: 'reseller', grants })),
    };
    const client = { rights: new Set(rightsOf({ level: LEVEL.CLIENT, organisationKind: 'client', grants })) };
    expect(clientRowFlags(reseller, { devices: 0, appliances: 0 })).toMatchObject({ can_delete: true });
    expect(clientRowFlags(reseller, { devices: 3, appliances: 0 })).toMatchObject({ can_delete: false });
    expect(clientRowFlags(reseller, { devices: 0, appliances: 1 })).toMatchObject({ can_delete: false });
    expect(clientRowFlags(client, { devices: 0, appliances: 0 })).toMatchObject({
      can_edit: false,
      can_delete: false,
      can_details: true,
    });
  });
});
