import type { Actor } from '../../scope';
import { canEditResellers, canManageClients, canManageUserLevel } from '../../scope/policy';

// Row flags of the entity lists; the rules themselves live in scope/policy.ts.

export {
  canManageClients,
  canManageUserLevel,
  canSeeStaffTables,
  hasSupportAccess,
  isProviderStaff,
  levelOfKind,
} from '../../scope/policy';

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

/** A reseller row's actions: deletable once it has no clients (the server checks the rest). */
export function resellerRowFlags(actor: Pick<Actor, 'level'>, r: { clients: number }) {
  const manage = canEditResellers(actor);
  return { can_edit: manage, can_delete: manage && r.clients === 0, can_details: true, can_support: false };
}
