import { LEVEL } from '@lifeboat/contract';
import { describe, expect, it } from 'vitest';
import {
  canCreateClient,
  canEditPolicy,
  canEditResellers,
  canManageClients,
  canManageDevice,
  canManageUserLevel,
  canRecover,
  canSeeStaffTables,
  canSeeUsers,
  hasSupportAccess,
  isClientUser,
  levelOfKind,
} from './policy';

const client = { level: LEVEL.CLIENT, isProvider: false };
const reseller = { level: LEVEL.RESELLER, isProvider: false };
const staff = { level: LEVEL.STAFF, isProvider: true };
const distributor = { level: LEVEL.DISTRIBUTOR, isProvider: false };
const granted = { can_recover: 1, can_create_client: 1, can_edit_policy: 1 };
const refused = { can_recover: 0, can_create_client: 0, can_edit_policy: 0 };

describe('policy', () => {
  it('maps organisation kinds to user levels', () => {
    expect(['provider', 'distributor', 'reseller', 'client'].map((k) => levelOfKind(k as never))).toEqual([
      LEVEL.STAFF,
      LEVEL.DISTRIBUTOR,
      LEVEL.RESELLER,
      LEVEL.CLIENT,
    ]);
  });

  it('keeps client users to looking', () => {
    expect(isClientUser(client)).toBe(true);
    for (const rule of [canManageDevice, canManageClients, hasSupportAccess, canSeeUsers, canEditResellers])
      expect(rule(client)).toBe(false);
    expect(canRecover(client, granted)).toBe(false);
    expect(canCreateClient(client, granted)).toBe(false);
    expect(canEditPolicy(client, granted)).toBe(false);
  });

  it('lets resellers manage devices and clients but not resellers', () => {
    expect(canManageDevice(reseller)).toBe(true);
    expect(canManageClients(reseller)).toBe(true);
    expect(hasSupportAccess(reseller)).toBe(true);
    expect(canSeeUsers(reseller)).toBe(true);
    expect(canEditResellers(reseller)).toBe(false);
  });

  it('follows the organisation grants for quick actions', () => {
    expect(canRecover(reseller, granted)).toBe(true);
    expect(canRecover(reseller, refused)).toBe(false);
    expect(canCreateClient(reseller, refused)).toBe(false);
    expect(canEditPolicy(reseller, granted)).toBe(true);
  });

  it('never lets a user manage a level above its own', () => {
    expect(canManageUserLevel(reseller, LEVEL.CLIENT)).toBe(true);
    expect(canManageUserLevel(reseller, LEVEL.RESELLER)).toBe(true);
    expect(canManageUserLevel(reseller, LEVEL.STAFF)).toBe(false);
    expect(canManageUserLevel(staff, LEVEL.DISTRIBUTOR)).toBe(false);
  });

  it('gives the staff tables to the provider staff only', () => {
    expect(canSeeStaffTables(staff)).toBe(true);
    expect(canSeeStaffTables(distributor)).toBe(false);
    expect(canSeeStaffTables({ level: LEVEL.STAFF, isProvider: false })).toBe(false);
    expect(canEditResellers(staff) && canEditResellers(distributor)).toBe(true);
  });
});
