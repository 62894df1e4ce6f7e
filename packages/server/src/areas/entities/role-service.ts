import {
  levelRights,
  type OrgKind,
  RIGHTS,
  type Right,
  ROLE_BASE_RIGHTS,
  ROLES_PER_ORGANISATION,
  type RoleRow,
  rightsOf,
  roleRights,
  type roleSaveBody,
} from '@lifeboat/contract';
import type { Database } from '@lifeboat/db';
import { type Kysely, sql } from 'kysely';
import type { z } from 'zod';
import { audit } from '../../audit/audit';
import type { AppContext } from '../../context';
import { ConflictError, ForbiddenError, NotFoundError } from '../../http/errors';
import { type Actor, findOrgInScope, scoped } from '../../scope';
import { parseRoleRights } from '../session/repository';
import { withheldOf } from './permissions';
import { FieldErrors } from './save-support';

// Custom roles (docs/decisions.md 'Roles'; spec: dashboard-device-azure 6 'Roles and
// permissions'). A role belongs to a reseller (for its users and its clients' users) or to the
// provider (for its staff). A user's rights are their level's and organisation's narrowed to the
// role's; no one makes, changes or hands out a role with a right they do not hold themselves.

type Save = z.output<typeof roleSaveBody>;
type Db = Kysely<Database>;

/** Organisations that own roles: a reseller, and the provider for its staff. */
const OWNER_KINDS: readonly OrgKind[] = ['reseller', 'provider'];

const sentences = (rights: readonly Right[]) => rights.map((r) => RIGHTS[r].allows).join(' ');

/** 403 naming the rights the caller does not hold. */
function refuseMissing(actor: Actor, rights: readonly Right[], what: string) {
  // Every user holds the base rights; a key made without them still may shape roles that have them.
  const missing = rights.filter((r) => !actor.rights.has(r) && !ROLE_BASE_RIGHTS.includes(r));
  if (missing.length > 0)
    throw new ForbiddenError(
      `You cannot ${what} with a right you do not hold yourself: ${sentences(missing)}`,
    );
}

/** A role the actor sees, else 404. */
export async function findRoleInScope(db: Db, actor: Actor, id: number) {
  const row = await scoped(db, actor)
    .selectFrom('roles as r')
    .innerJoin('organisations as o', 'o.id', 'r.organisation_id')
    .select(['r.id', 'r.name', 'r.rights', 'r.organisation_id', 'o.name as organisation_name', 'o.kind'])
    .where('r.id', '=', id)
    .executeTakeFirst();
  if (!row) throw new NotFoundError('This role');
  return { ...row, id: Number(row.id), organisation_id: Number(row.organisation_id) };
}

async function usersWith(db: Db, actor: Actor, roleIds: number[]): Promise<Map<number, number>> {
  if (roleIds.length === 0) return new Map();
  // Users of a role are in the role's organisation or below it: every one is in the owner's scope.
  const rows = await scoped(db, actor)
    .selectFrom('roles as r')
    .innerJoin('users as u', 'u.role_id', 'r.id')
    .select(['r.id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('r.id', 'in', roleIds)
    .groupBy('r.id')
    .execute();
  return new Map(rows.map((r) => [Number(r.id), Number(r.n)]));
}

/** GET /api/roles: the roles in scope, or those the users of `organisationId` may have. */
export async function listRoles(ctx: AppContext, actor: Actor, organisationId: number | undefined) {
  const { db } = ctx.dbh;
  let owners: number[] | null = null;
  if (organisationId !== undefined) {
    const org = await findOrgInScope(db, actor, organisationId);
    owners = [org.id, ...(org.reseller_id !== null && org.reseller_id !== org.id ? [org.reseller_id] : [])];
  }
  const rows = await scoped(db, actor)
    .selectFrom('roles as r')
    .innerJoin('organisations as o', 'o.id', 'r.organisation_id')
    .select([
      'r.id',
      'r.name',
      'r.rights',
      'r.organisation_id',
      'r.updated_at',
      'o.name as organisation_name',
      'o.kind as organisation_kind',
    ])
    .$if(owners !== null, (q) => q.where('r.organisation_id', 'in', owners as number[]))
    .orderBy('o.name')
    .orderBy(sql`lower(r.name)`)
    .orderBy('r.id')
    .limit(ROLES_PER_ORGANISATION * 20)
    .execute();
  const counts = await usersWith(
    db,
    actor,
    rows.map((r) => Number(r.id)),
  );
  const roles: RoleRow[] = rows.map((r) => ({
    id: Number(r.id),
    name: r.name,
    rights: roleRights(parseRoleRights(r.rights) ?? []),
    organisation_id: Number(r.organisation_id),
    organisation_name: r.organisation_name,
    organisation_kind: r.organisation_kind as OrgKind,
    users: counts.get(Number(r.id)) ?? 0,
    updated_at: Number(r.updated_at),
  }));
  return { roles, can_create: OWNER_KINDS.includes(actor.organisationKind) };
}

async function checkName(db: Db, actor: Actor, ownerId: number, name: string, except: number | null) {
  const errs = new FieldErrors();
  const same = await scoped(db, actor)
    .selectFrom('roles as r')
    .select('r.id')
    .where('r.organisation_id', '=', ownerId)
    .where(sql`lower(r.name)`, '=', name.toLowerCase())
    .$if(except !== null, (q) => q.where('r.id', '!=', except as number))
    .executeTakeFirst();
  if (same) errs.add('name', 'A role of this organisation already has this name. Choose another one.');
  errs.throwIfAny();
}

async function present(ctx: AppContext, actor: Actor, id: number): Promise<{ role: RoleRow }> {
  const { roles } = await listRoles(ctx, actor, undefined);
  const role = roles.find((r) => r.id === id);
  if (!role) throw new NotFoundError('This role');
  return { role };
}

/** POST /api/roles. */
export async function createRole(ctx: AppContext, actor: Actor, body: Save, ip: string) {
  const { db } = ctx.dbh;
  const owner = await findOrgInScope(db, actor, body.organisation_id ?? actor.organisationId);
  if (!OWNER_KINDS.includes(owner.kind as OrgKind))
    throw new ForbiddenError(
      "Roles belong to a reseller or to the provider's staff: ask your reseller to make the role.",
    );
  const rights = roleRights(body.rights);
  refuseMissing(actor, rights, 'make a role');
  await checkName(db, actor, owner.id, body.name, null);
  const now = ctx.clock.now();
  const id = await db.transaction().execute(async (trx) => {
    const count = await scoped(trx, actor)
      .selectFrom('roles as r')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('r.organisation_id', '=', owner.id)
      .executeTakeFirstOrThrow();
    if (Number(count.n) >= ROLES_PER_ORGANISATION)
      throw new ConflictError(
        `This organisation has ${ROLES_PER_ORGANISATION} roles, the most it keeps. Remove one it no longer uses first.`,
      );
    const row = await scoped(trx, actor, { id: owner.id })
      .insertInto('roles')
      .values({
        organisation_id: owner.id,
        name: body.name,
        rights: JSON.stringify(rights),
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await audit(trx, now, {
      actor,
      action: 'role.create',
      targetType: 'role',
      targetId: row.id,
      details: { name: body.name, organisation: owner.name, rights },
      ip,
    });
    return Number(row.id);
  });
  return present(ctx, actor, id);
}

/** PUT /api/roles/:id: its users' rights follow at their next request. */
export async function updateRole(
  ctx: AppContext,
  actor: Actor,
  id: number,
  body: Omit<Save, 'organisation_id'>,
  ip: string,
) {
  const { db } = ctx.dbh;
  const role = await findRoleInScope(db, actor, id);
  const before = roleRights(parseRoleRights(role.rights) ?? []);
  // A role holding a right the caller lacks is not theirs to change (they could not make it).
  refuseMissing(actor, before, 'change a role');
  const rights = roleRights(body.rights);
  refuseMissing(actor, rights, 'give a role');
  await checkName(db, actor, role.organisation_id, body.name, id);
  const now = ctx.clock.now();
  await db.transaction().execute(async (trx) => {
    await scoped(trx, actor)
      .updateTable('roles')
      .set({ name: body.name, rights: JSON.stringify(rights), updated_at: now })
      .where('id', '=', id)
      .execute();
    await audit(trx, now, {
      actor,
      action: 'role.update',
      targetType: 'role',
      targetId: id,
      details: {
        name: body.name,
        old_name: role.name === body.name ? undefined : role.name,
        added: rights.filter((r) => !before.includes(r)),
        removed: before.filter((r) => !rights.includes(r)),
      },
      ip,
    });
  });
  return present(ctx, actor, id);
}

/** DELETE /api/roles/:id: refused while users have it (docs/decisions.md 'Roles'). */
export async function deleteRole(ctx: AppContext, actor: Actor, id: number, ip: string) {
  const { db } = ctx.dbh;
  const role = await findRoleInScope(db, actor, id);
  refuseMissing(actor, roleRights(parseRoleRights(role.rights) ?? []), 'remove a role');
  const now = ctx.clock.now();
  await db.transaction().execute(async (trx) => {
    const n = (await usersWith(trx, actor, [id])).get(id) ?? 0;
    if (n > 0)
      throw new ConflictError(
        `${n === 1 ? 'One user has' : `${n} users have`} the role "${role.name}". Give ${n === 1 ? 'them' : 'each of them'} another role first, then remove it.`,
      );
    await scoped(trx, actor).deleteFrom('roles').where('id', '=', id).execute();
    await audit(trx, now, {
      actor,
      action: 'role.delete',
      targetType: 'role',
      targetId: id,
      details: { name: role.name, organisation: role.organisation_name },
      ip,
    });
  });
  return { ok: true as const };
}

/** What decides a user's rights besides their role: their level and their organisation. */
export interface RoleSubject {
  level: number;
  org: {
    id: number;
    kind: string;
    reseller_id: number | null;
    can_recover: number;
    can_create_client: number;
    can_download_agent: number;
    can_edit_policy: number;
  };
}

/** The rights a user of `s` has with a role (null: built-in). */
export function rightsWith(s: RoleSubject, role: readonly Right[] | null): Right[] {
  return rightsOf({ level: s.level, organisationKind: s.org.kind as OrgKind, grants: s.org, role });
}

/**
 * A user save or delete touching someone holding rights the caller's role or key takes away is
 * refused: otherwise a narrowed login could widen itself (set a password, then sign in as them).
 */
export function refuseWithheld(actor: Actor, rights: readonly Right[], verb: string) {
  const over = withheldOf(actor, rights);
  if (over.length > 0)
    throw new ForbiddenError(`You cannot ${verb} with a right you do not hold yourself: ${sentences(over)}`);
}

/**
 * The role a save names (0: built-in, null), checked: in scope (else 404), of the user's
 * organisation or its reseller (else 400 under the field), and holding only rights the caller
 * holds (else 403). Answers the role's id and rights.
 */
export async function resolveRoleFor(
  db: Db,
  actor: Actor,
  s: RoleSubject,
  roleId: number,
): Promise<{ id: number | null; name: string | null; rights: Right[] | null }> {
  if (roleId === 0) {
    refuseWithheld(actor, rightsWith(s, null), 'give a user a role');
    return { id: null, name: null, rights: null };
  }
  const role = await findRoleInScope(db, actor, roleId);
  if (role.organisation_id !== s.org.id && role.organisation_id !== s.org.reseller_id) {
    const errs = new FieldErrors();
    errs.add(
      'role_id',
      `The role "${role.name}" belongs to ${role.organisation_name}: choose a role of this user's organisation.`,
    );
    errs.throwIfAny();
  }
  const rights = roleRights(parseRoleRights(role.rights) ?? []);
  // The role's rights that the user's level can have: those are what it would hand out.
  const level = levelRights(s.level);
  refuseMissing(
    actor,
    rights.filter((r) => level.includes(r)),
    'give a user a role',
  );
  refuseWithheld(actor, rightsWith(s, rights), 'give a user a role');
  return { id: role.id, name: role.name, rights };
}
