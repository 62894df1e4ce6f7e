import { LEVEL, type OrgKind } from '@lifeboat/contract';
import type { Actor } from '../../scope';

// Who may do what with the entities (issue 5 deliverable 3; decisions 'Entities'). Scope (which
// rows exist for the actor) is scope/scope.ts; these rules decide what may be done with them.

/** The level of the users of an organisation of this kind (spec: inventory 1 'User levels'). */
export function levelOfKind(kind: OrgKind): number {
  switch (kind) {
    case 'provider':
      return LEVEL.STAFF;
    case 'distributor':
      return LEVEL.DISTRIBUTOR;
    case 'reseller':
      return LEVEL.RESELLER;
    case 'client':
      return LEVEL.CLIENT;
  }
}

/** No one creates, edits or deletes a user above their own level. */
export function canManageUserLevel(actor: Pick<Actor, 'level'>, level: number): boolean {
  return level <= actor.level;
}

/** Clients are created, edited and deleted by resellers and above, never by client users. */
export function canManageClients(actor: Pick<Actor, 'level'>): boolean {
  return actor.level >= LEVEL.RESELLER;
}

/** Single sign-on to appliances and vaults (spec: dashboard 6 rb_sso_access, is_client). */
export function hasSupportAccess(actor: Pick<Actor, 'level'>): boolean {
  return actor.level >= LEVEL.RESELLER;
}

/** The provider's own staff: the admin users list and the support appliances. */
export function isProviderStaff(actor: Pick<Actor, 'isProvider' | 'level'>): boolean {
  return actor.isProvider && actor.level === LEVEL.STAFF;
}

export interface UserRowSubject {
  id: number;
  level: number;
}

/** Row flags of a user the actor can see. */
export function userRowFlags(actor: Pick<Actor, 'level' | 'userId'>, u: UserRowSubject) {
  const manage = canManageUserLevel(actor, u.level);
  return {
    can_edit: manage,
    can_delete: manage && u.id !== actor.userId,
    can_details: false,
    can_support: false,
  };
}

/** Row flags of a client: deleting one that still has devices or appliances is refused. */
export function clientRowFlags(actor: Pick<Actor, 'level'>, c: { devices: number; appliances: number }) {
  const manage = canManageClients(actor);
  return {
    can_edit: manage,
    can_delete: manage && c.devices === 0 && c.appliances === 0,
    can_details: true,
    can_support: false,
  };
}
