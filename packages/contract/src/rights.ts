import { LEVEL, type Level } from './constants';
import type { OrgKind } from './enums';

// Who may do what: the one table of rights (spec: dashboard-device-azure 6 'Roles and
// permissions'). Every declared call names the right it needs (call.ts `right`); route() checks
// it after the tenancy check and before the handler; `GET /api/session` answers the user's rights
// and the web app shows and hides by them only. The spec's visibility flags (can_recover,
// can_create_client, can_download_agent, can_edit_policy, show_users, rb_sso_access, is_client)
// are read from the rights, never from a level.
//
// A right is held when the user's level is one of the right's levels and, for a right with an
// organisation grant, the user's organisation holds the grant. Grants are flags of reseller and
// client organisations (the provider's staff and distributors stand above them); a client's
// organisation carries its own, so "a client with can_recover off" means its users do not recover.
// Which object the right is used on is the tenancy's business (scope/), not this table's.

/** The organisation flags that grant a right (the spec's quick-action flags, dashboard 6). */
export type OrgGrant = 'can_recover' | 'can_create_client' | 'can_download_agent' | 'can_edit_policy';
export const ORG_GRANTS: readonly OrgGrant[] = [
  'can_recover',
  'can_create_client',
  'can_download_agent',
  'can_edit_policy',
];

const ALL: readonly Level[] = [LEVEL.CLIENT, LEVEL.RESELLER, LEVEL.STAFF, LEVEL.DISTRIBUTOR];
const ABOVE_CLIENT: readonly Level[] = [LEVEL.RESELLER, LEVEL.STAFF, LEVEL.DISTRIBUTOR];
const ABOVE_RESELLER: readonly Level[] = [LEVEL.STAFF, LEVEL.DISTRIBUTOR];

export interface RightRule {
  /** One sentence: what the right allows (the reference page and docs/decisions.md). */
  readonly allows: string;
  readonly levels: readonly Level[];
  /** The organisation flag a reseller's or client's user also needs. */
  readonly grant?: OrgGrant;
  /** What a user without it is told (403). */
  readonly refused: string;
}

/** The rights, the levels that hold them and the grants they need (the one table). */
export const RIGHTS = {
  read: {
    allows: 'See the organisations, systems, appliances, vaults and activity in their scope.',
    levels: ALL,
    refused: 'You cannot see this.',
  },
  manage_own_account: {
    allows: 'Change their own time zone, refresh period and sign-in security (MFA), and sign out.',
    levels: ALL,
    refused: 'You cannot change this account.',
  },
  recover: {
    allows: 'Recover: browse and download files, shares, exports, virtual machines and virtual offices.',
    levels: ALL,
    grant: 'can_recover',
    refused: 'Your organisation is not allowed to recover. Ask your provider to allow it.',
  },
  view_reports: {
    allows: 'Generate, schedule and download executive summary reports.',
    levels: ALL,
    refused: 'You cannot use reports.',
  },
  view_audit: {
    allows: 'Read the audit log of their scope.',
    levels: ALL,
    refused: 'You cannot read the audit log.',
  },
  run_autoverify: {
    allows: "Start a cloud AutoVerify of a system's last restore point.",
    levels: ALL,
    refused: 'You cannot start AutoVerify.',
  },
  edit_protection: {
    allows: 'Change how systems are protected (geo-plus, alert thresholds) and see their licence.',
    levels: ABOVE_CLIENT,
    grant: 'can_edit_policy',
    refused: 'You cannot change how systems are protected.',
  },
  manage_alerts: {
    allows: 'Set the alert rules of resellers and clients, acknowledge alerts and snooze them.',
    levels: ABOVE_CLIENT,
    refused: 'Only the reseller and the provider change alert rules or handle alerts.',
  },
  manage_settings: {
    allows:
      "Change a reseller's and its clients' settings: virtual office network, update schedules, failover approval.",
    levels: ABOVE_CLIENT,
    refused: 'Only the reseller and the provider change these settings.',
  },
  manage_clients: {
    allows: 'Create, edit and delete clients.',
    // can_create_client is the grant of the reseller a client is added under (checked on that
    // object, entities/client-service.ts): its users still edit and delete their clients.
    levels: ABOVE_CLIENT,
    refused: 'You cannot create, edit or delete clients.',
  },
  manage_users: {
    allows: 'Create, edit and delete the users of their scope, up to their own level.',
    levels: ALL,
    refused: 'You cannot see or manage users.',
  },
  manage_security: {
    allows: "Require MFA of a reseller's and its clients' users.",
    levels: ABOVE_CLIENT,
    refused: 'Only the reseller and the provider can require MFA.',
  },
  support_login: {
    allows: 'Open a single sign-on support login to an appliance or a vault.',
    levels: ABOVE_CLIENT,
    refused: 'Your login has no single sign-on access to appliances and vaults.',
  },
  download_agent: {
    allows: 'Download the backup agent installers.',
    levels: ABOVE_CLIENT,
    grant: 'can_download_agent',
    refused: 'Downloading the agent is not enabled for your organisation.',
  },
  approve_failover: {
    allows: 'Approve or refuse a production failover requested by someone else.',
    levels: ABOVE_CLIENT,
    refused: 'Only the reseller, its distributor and the provider decide on a production failover.',
  },
  manage_sources: {
    allows: "Add, change, pause, sync and remove a client's backup sources.",
    levels: [LEVEL.RESELLER, LEVEL.STAFF],
    refused: "Only the client's reseller and the provider's staff change its backup sources.",
  },
  view_fleet: {
    allows: 'See the fleet home: their resellers ranked by open alerts and failing systems.',
    levels: ABOVE_RESELLER,
    refused: 'The fleet home is for the provider’s staff and distributors.',
  },
  manage_resellers: {
    allows: 'Create, edit and delete resellers.',
    levels: ABOVE_RESELLER,
    refused: 'Only distributors and the provider create, edit or delete resellers.',
  },
  reset_mfa: {
    allows: "Clear another user's MFA (a lost phone and codes).",
    levels: ABOVE_RESELLER,
    refused: "Only the provider's staff and distributors can reset a user's MFA.",
  },
  manage_platform: {
    allows: "The provider's own tables (admin users, support appliances) and switching Azure direct restore.",
    levels: [LEVEL.STAFF],
    refused: "Only the provider's staff can do this.",
  },
} as const satisfies Record<string, RightRule>;

export type Right = keyof typeof RIGHTS;
export const RIGHT_NAMES = Object.keys(RIGHTS) as Right[];

/** What decides a user's rights: their level, their organisation's kind and grants, and their role. */
export interface RightsHolder {
  level: number;
  organisationKind: OrgKind;
  grants: Readonly<Partial<Record<OrgGrant, number | boolean>>>;
  /**
   * The rights of the user's custom role (docs/decisions.md 'Roles'); absent or null: the
   * built-in role of the level, which takes nothing away. A role narrows, never widens.
   */
  role?: readonly string[] | null;
}

/**
 * Every role holds these: a user who signs in sees their scope and manages their own sign-in
 * (a role without them would lock its users out of their own MFA).
 */
export const ROLE_BASE_RIGHTS: readonly Right[] = ['read', 'manage_own_account'];

/** The rights the level gives, organisation grants aside: the built-in role of the level. */
export function levelRights(level: number): Right[] {
  return RIGHT_NAMES.filter((r) => (RIGHTS[r] as RightRule).levels.includes(level as Level));
}

/** Grants are flags of resellers and clients; the provider and distributors are not granted them. */
const isGranted = (h: RightsHolder, g: OrgGrant) =>
  (h.organisationKind !== 'reseller' && h.organisationKind !== 'client') || Number(h.grants[g] ?? 0) === 1;

/** Whether the table gives `right` to this user. */
export function holdsRight(h: RightsHolder, right: Right): boolean {
  const rule: RightRule = RIGHTS[right];
  return (
    rule.levels.includes(h.level as Level) &&
    (!rule.grant || isGranted(h, rule.grant)) &&
    (!h.role || ROLE_BASE_RIGHTS.includes(right) || h.role.includes(right))
  );
}

/** Every right the table gives this user, in the table's order. */
export function rightsOf(h: RightsHolder): Right[] {
  return RIGHT_NAMES.filter((r) => holdsRight(h, r));
}

export const isRight = (s: string): s is Right => Object.hasOwn(RIGHTS, s);
