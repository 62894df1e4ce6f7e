import { LEVEL, type OrgKind } from '@lifeboat/contract';
import type { Actor } from './actor';

// What stays here is genuinely about one object: the level a new user of an organisation gets,
// and whether a user may touch another user of a given level. Who may make a call at all is the
// contract's table of rights (contract/src/rights.ts), checked by route() from the declaration;
// services read `actor.rights` for the flags they answer. Scope (which rows exist for the actor)
// is tenancy.ts and scoped.ts. Levels: 3 distributor, 2 provider staff, 1 reseller, 0 client.

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
