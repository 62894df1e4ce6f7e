import { z } from 'zod';
import { jsonWhole } from './call';
import { LEVEL } from './constants';
import { ORG_KINDS } from './enums';
import { nameRule } from './fields';
import { isRight, levelRights, RIGHT_NAMES, RIGHTS, type Right, ROLE_BASE_RIGHTS } from './rights';

// Custom roles (docs/decisions.md 'Roles'; spec: dashboard-device-azure 6 'Roles and
// permissions'): a reseller, or the provider's staff for their own, names a set of rights and
// gives it to users. A user's rights are what their level and organisation give, narrowed to
// their role's rights: a role never gives more than the level. The built-in roles are the four
// levels; they are not stored and cannot be changed.

/** How many custom roles an organisation keeps (so the list needs no pages). */
export const ROLES_PER_ORGANISATION = 50;

/** The rights a role's checkboxes offer: every right but the ones each role holds. */
export const ROLE_CHOICES: readonly Right[] = RIGHT_NAMES.filter((r) => !ROLE_BASE_RIGHTS.includes(r));

const LEVEL_NAMES: Record<number, string> = {
  [LEVEL.CLIENT]: 'Client',
  [LEVEL.RESELLER]: 'Reseller',
  [LEVEL.STAFF]: 'Staff',
  [LEVEL.DISTRIBUTOR]: 'Distributor',
};

/** The built-in role of a level: its name and every right of the level. */
export function builtInRole(level: number): { name: string; rights: Right[] } {
  return { name: `${LEVEL_NAMES[level] ?? 'Level'} (built-in)`, rights: levelRights(level) };
}

const rightList = z
  .array(z.string().max(32), { error: 'Choose the rights as a list.' })
  .max(RIGHT_NAMES.length)
  .refine((a) => a.every(isRight), 'Choose rights from the list.')
  .transform((a) => [...new Set(a as Right[])]);

const roleId = jsonWhole(1, Number.MAX_SAFE_INTEGER, 'This must be an id (a whole number from 1).');

/** POST /api/roles and PUT /api/roles/:id: a name and the rights the role holds. */
export const roleSaveBody = z.object({
  name: nameRule('role name'),
  rights: rightList,
  /** The organisation that owns a new role (a reseller, or the provider); absent: the caller's own. */
  organisation_id: roleId.optional(),
});
export type RoleSaveBody = z.input<typeof roleSaveBody>;

/** The role dialog's form: the name and the chosen rights. */
export const roleForm = z.object({
  name: nameRule('role name'),
  rights: z.array(z.string()),
});

export const roleRow = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Every right the role holds, in the table's order (the base rights included). */
  rights: z.array(z.string()),
  organisation_id: z.number().int(),
  organisation_name: z.string(),
  organisation_kind: z.enum(ORG_KINDS),
  /** How many users have this role. */
  users: z.number().int(),
  updated_at: z.number(),
});
export type RoleRow = z.infer<typeof roleRow>;

export const rolesAnswer = z.object({
  roles: z.array(roleRow),
  /** Whether the caller's organisation may own roles (a reseller or the provider). */
  can_create: z.boolean(),
});
export type RolesAnswer = z.infer<typeof rolesAnswer>;

export const roleAnswer = z.object({ role: roleRow });

/** The role's rights in the table's order, the base rights included. */
export function roleRights(chosen: readonly string[]): Right[] {
  return RIGHT_NAMES.filter((r) => ROLE_BASE_RIGHTS.includes(r) || chosen.includes(r));
}

/** A right in a plain sentence (the dialog's checkboxes). */
export const rightSentence = (r: Right): string => RIGHTS[r].allows;
