import { LEVEL, type OrgKind } from '@lifeboat/contract';
import type { Actor } from './actor';

// Who may do what: every rule on a user's level or organisation, named by what it allows (issue 11).
// Scope (which rows exist for the actor) is tenancy.ts and scoped.ts; these rules decide what the
// actor may do with the rows it sees. Levels: 3 distributor, 2 provider staff, 1 reseller, 0 client.

type Level = Pick<Actor, 'level'>;

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

/** A client's own user: sees its systems, never changes how they are protected. */
export function isClientUser(actor: Level): boolean {
  return actor.level === LEVEL.CLIENT;
}

/** The provider's own staff: the admin users list and the support appliances. */
export function isProviderStaff(actor: Pick<Actor, 'isProvider' | 'level'>): boolean {
  return actor.isProvider && actor.level === LEVEL.STAFF;
}

/** Staff tables (admin users, support appliances) are the provider's staff's alone. */
export const canSeeStaffTables = isProviderStaff;

/** No one creates, edits or deletes a user above their own level. */
export function canManageUserLevel(actor: Level, level: number): boolean {
  return level <= actor.level;
}

/** Clients are created, edited and deleted by resellers and above, never by client users. */
export function canManageClients(actor: Level): boolean {
  return actor.level >= LEVEL.RESELLER;
}

/** Resellers are edited by the provider's staff and distributors. */
export function canEditResellers(actor: Level): boolean {
  return actor.level >= LEVEL.STAFF;
}

/** Single sign-on to appliances and vaults (spec: dashboard 6 rb_sso_access, is_client). */
export function hasSupportAccess(actor: Level): boolean {
  return actor.level >= LEVEL.RESELLER;
}

/**
 * Settings that change a device's protection (geo-plus, alert settings, license details) are for
 * the reseller's staff and above; client users see their systems only.
 */
export function canManageDevice(actor: Level): boolean {
  return actor.level >= LEVEL.RESELLER;
}

/**
 * A client's backup sources (issue 25.4) are added, changed, paused, removed and synced by its
 * reseller and by the provider's staff; the client's users and distributors only see them.
 */
export function canManageSources(actor: Pick<Actor, 'isProvider' | 'level'>): boolean {
  return actor.level === LEVEL.RESELLER || isProviderStaff(actor);
}

/** A device's alert thresholds are saved by those who manage the device. */
export const canEditAlertThresholds = canManageDevice;

/** The users tab and the users block of the dashboard. */
export function canSeeUsers(actor: Level): boolean {
  return actor.level >= LEVEL.RESELLER;
}

/** An organisation's grants (can_recover, can_create_client, can_edit_policy flags). */
export interface OrgGrants {
  can_recover: number;
  can_create_client: number;
  can_edit_policy: number;
}

/** Starting the recovery wizard: the organisation is granted it and the user is not a client's. */
export function canRecover(actor: Level, org: Pick<OrgGrants, 'can_recover'>): boolean {
  return org.can_recover === 1 && !isClientUser(actor);
}

/** Creating a client from the dashboard: granted to the organisation, never to client users. */
export function canCreateClient(actor: Level, org: Pick<OrgGrants, 'can_create_client'>): boolean {
  return org.can_create_client === 1 && canManageClients(actor);
}

/** Editing the backup policy: granted to the organisation, never to client users. */
export function canEditPolicy(actor: Level, org: Pick<OrgGrants, 'can_edit_policy'>): boolean {
  return org.can_edit_policy === 1 && !isClientUser(actor);
}

/** Clearing another user's MFA (lost phone and codes) is for the provider's staff and distributors. */
export function canResetMfa(actor: Level): boolean {
  return actor.level >= LEVEL.STAFF;
}

/** A reseller's MFA requirement is set by the reseller itself and those above it. */
export function canRequireMfa(actor: Level): boolean {
  return actor.level >= LEVEL.RESELLER;
}

/**
 * A reseller's and a client's alert thresholds (issue 17.4) are set by the reseller's staff and
 * above; a client's own users see where their values come from but do not change them.
 */
export const canEditOrgThresholds = canManageDevice;

/** Alert rules (issue 27.3) are the reseller's to set for its clients, like the thresholds. */
export const canManageAlertRules = canManageDevice;

/**
 * Acknowledging alerts and snoozing them (issue 27.2) is for the reseller's staff and above: an
 * acknowledgement tells the technicians "someone is on it" and a snooze silences them, so a
 * client's own users see their alerts and timelines but neither (docs/decisions.md 'Alerts: the
 * page, acknowledging, snoozes').
 */
export const canHandleAlerts = canManageDevice;

/** The fleet home (issue 27.5) is the provider's staff's and the distributors' view of their resellers. */
export function canSeeFleetHome(actor: Level): boolean {
  return actor.level >= LEVEL.STAFF;
}

/**
 * A client's virtual office network (IPsec sites, runbook settings; issue 17.5) is set by the
 * reseller's staff and above; a client's users see it and download their firewall's configuration.
 */
export const canEditOfficeNetwork = canManageDevice;

/** Appliance update schedules (issue 17.6) belong to a reseller and are edited by its staff and above. */
export const canManageUpdateSchedules = canManageDevice;

/**
 * A production failover waiting for approval is decided by a user of its own reseller, the
 * reseller's distributor or the provider's staff, never by a client's users (docs/decisions.md
 * 'Failover approval is opt-in'). The failover was loaded in the actor's scope, so a distributor
 * only ever decides for its own resellers.
 */
export function canApproveFailover(
  actor: Pick<Actor, 'isProvider' | 'level' | 'organisationKind' | 'resellerId'>,
  resellerId: number,
): boolean {
  return (
    isProviderStaff(actor) ||
    actor.organisationKind === 'distributor' ||
    (actor.organisationKind === 'reseller' && actor.resellerId === resellerId)
  );
}
