import type { Actor } from '../../scope';
import { canManageUserLevel } from '../../scope/policy';

// Row flags of the entity lists, from the user's rights (contract rights.ts) and, for a user row,
// the per-object rule on levels (scope/policy.ts).

export { canManageUserLevel, levelOfKind } from '../../scope/policy';

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
export function clientRowFlags(actor: Pick<Actor, 'rights'>, c: { devices: number; appliances: number }) {
  const manage = actor.rights.has('manage_clients');
  return {
    can_edit: manage,
    can_delete: manage && c.devices === 0 && c.appliances === 0,
    can_details: true,
    can_support: false,
  };
}

/** A reseller row's actions: deletable once it has no clients (the server checks the rest). */
export function resellerRowFlags(actor: Pick<Actor, 'rights'>, r: { clients: number }) {
  const manage = actor.rights.has('manage_resellers');
  return { can_edit: manage, can_delete: manage && r.clients === 0, can_details: true, can_support: false };
}
