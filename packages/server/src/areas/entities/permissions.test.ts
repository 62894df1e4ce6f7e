import { LEVEL, rightsOf } from '@lifeboat/contract';
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
    const me = { level: 1, userId: 5 };
    expect(userRowFlags(me, { id: 5, level: 1 })).toMatchObject({ can_edit: true, can_delete: false });
    expect(userRowFlags(me, { id: 6, level: 0 })).toMatchObject({ can_edit: true, can_delete: true });
    expect(userRowFlags({ level: 0, userId: 7 }, { id: 5, level: 1 })).toMatchObject({
      can_edit: false,
      can_delete: false,
    });
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
