import type { Right } from '@lifeboat/contract';
import type { Actor } from '../../scope';
import { canManageUserLevel } from '../../scope/policy';

// Row flags of the entity lists, from the user's rights (contract rights.ts) and, for a user row,
// the per-object rule on levels (scope/policy.ts).

export { canManageUserLevel, levelOfKind } from '../../scope/policy';

export interface UserRowSubject {
  id: number;
  level: number;
  /** The user's rights (their level's and organisation's, narrowed by their role). */
  rights: readonly Right[];
}

/**
 * The rights of `rights` the actor's role or key takes away: a user holding one is not touched
 * by this login (docs/decisions.md 'Roles'), else a narrowed login could widen itself.
 */
export function withheldOf(actor: Pick<Actor, 'withheld'>, rights: readonly Right[]): Right[] {
  return rights.filter((r) => actor.withheld.has(r));
}

/**
 * Row flags of a user the actor can see: edit and delete only where the save and delete would
 * be allowed (the call's right, the level rule and the withheld rights, user-service.ts).
 */
export function userRowFlags(
  actor: Pick<Actor, 'level' | 'userId' | 'rights' | 'withheld'>,
  u: UserRowSubject,
) {
  const manage =
    actor.rights.has('manage_users') &&
    canManageUserLevel(actor, u.level) &&
    withheldOf(actor, u.rights).length === 0;
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
