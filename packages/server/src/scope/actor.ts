import type { OrgKind, Right } from '@lifeboat/contract';

/** The logged-in user and the slice of the organisation tree they may see. */
export interface Actor {
  userId: number;
  username: string;
  name: string;
  level: number;
  organisationId: number;
  organisationName: string;
  organisationKind: OrgKind;
  isProvider: boolean;
  /** Set for reseller users (their own org) and client users (their client's reseller). */
  resellerId: number | null;
  /** Set for client users only. */
  clientId: number | null;
  /** Set for distributor users only. */
  distributorId: number | null;
  sessionId: number;
  /** Set when the call came with an API key (its id): the audit log names the key. */
  apiKeyId?: number;
  /**
   * What the user may do (contract rights.ts), computed once per request from the level and the
   * organisation's grants. route() checks the call's right against it; an API key's scopes
   * narrow it to their intersection when the key is resolved.
   */
  rights: ReadonlySet<Right>;
  /**
   * The rights the level and organisation give but the user's custom role or the API key takes
   * away: a user never hands these to anyone (a role, a user's role, a user they edit), so a
   * narrowed role cannot widen itself through another login (docs/decisions.md 'Roles').
   */
  withheld: ReadonlySet<Right>;
  /** The user's IANA time zone (null: not stored yet; days are then UTC days). */
  timeZone: string | null;
}

export type ScopeKind = 'all' | 'distributor' | 'reseller' | 'client';

/** The widest rule that applies: the provider's staff see the platform, others their subtree. */
export function scopeKind(actor: Actor): ScopeKind {
  if (actor.organisationKind === 'provider') return 'all';
  if (actor.organisationKind === 'distributor') return 'distributor';
  if (actor.organisationKind === 'reseller') return 'reseller';
  return 'client';
}
