import {
  changedPasswordRule,
  emailRule,
  fieldMessages,
  nameRule,
  type OrgKind,
  passwordRule,
  usernameRule,
  type userSaveRequest,
} from '@lifeboat/contract';
import { hashPassword } from '@lifeboat/contract/node';
import type { z } from 'zod';
import { audit } from '../../audit/audit';
import type { AppContext } from '../../context';
import { ConflictError, ForbiddenError, NotFoundError } from '../../http/errors';
import { type Actor, findOrgInScope, scoped, unscoped } from '../../scope';
import { revokeKeysOf } from '../security/api-keys';
import { parseRoleRights } from '../session/repository';
import { canManageUserLevel, levelOfKind } from './permissions';
import {
  findRoleInScope,
  type RoleSubject,
  refuseWithheld,
  resolveRoleFor,
  rightsWith,
} from './role-service';
import { checkField, FieldErrors } from './save-support';

// Users and levels (issue 5 deliverable 3): a user is managed by someone who sees its
// organisation (scope, else 404) and whose level is not below the user's (else 403). The level
// follows the organisation's kind, whatever the browser sends.

type UserSave = z.output<typeof userSaveRequest>;

async function loadUser(ctx: AppContext, actor: Actor, id: number) {
  const row = await scoped(ctx.dbh.db, actor)
    .selectFrom('users as u')
    .innerJoin('organisations as o', 'o.id', 'u.organisation_id')
    .leftJoin('roles as r', 'r.id', 'u.role_id')
    .select([
      'u.id',
      'u.username',
      'u.name',
      'u.level',
      'u.organisation_id',
      'u.role_id',
      'r.name as role_name',
      'r.rights as role_rights',
      'o.kind as org_kind',
      'o.reseller_id as org_reseller_id',
      'o.can_recover',
      'o.can_create_client',
      'o.can_download_agent',
      'o.can_edit_policy',
    ])
    .where('u.id', '=', id)
    .executeTakeFirst();
  if (!row) throw new NotFoundError('This user');
  const subject: RoleSubject = {
    level: row.level,
    org: {
      id: row.organisation_id,
      kind: row.org_kind,
      reseller_id: row.org_reseller_id,
      can_recover: row.can_recover,
      can_create_client: row.can_create_client,
      can_download_agent: row.can_download_agent,
      can_edit_policy: row.can_edit_policy,
    },
  };
  return { ...row, subject, rights: rightsWith(subject, parseRoleRights(row.role_rights)) };
}

function refuseAbove(actor: Actor, level: number, verb: string): void {
  if (!canManageUserLevel(actor, level))
    throw new ForbiddenError(`You cannot ${verb} a user above your own level.`, 'LEVEL');
}

export async function saveUser(ctx: AppContext, actor: Actor, input: UserSave, ip: string) {
  const db = ctx.dbh.db;
  const existing = input.id !== undefined ? await loadUser(ctx, actor, input.id) : null;
  // Every id the body names must be in the caller's scope, on an edit too (else 404, issue 11.3).
  const named =
    input.organisation_id !== undefined ? await findOrgInScope(db, actor, input.organisation_id) : null;
  const errs = new FieldErrors();
  let orgKind: OrgKind;
  let orgId: number;
  let subject: RoleSubject;
  if (existing) {
    orgKind = existing.org_kind as OrgKind;
    orgId = existing.organisation_id;
    subject = existing.subject;
  } else {
    const org = named ?? (await findOrgInScope(db, actor, actor.organisationId));
    orgKind = org.kind as OrgKind;
    orgId = org.id;
    subject = { level: levelOfKind(orgKind), org };
  }
  const level = levelOfKind(orgKind);
  refuseAbove(actor, existing ? existing.level : level, existing ? 'edit' : 'create');
  // A login narrowed by its role or key does not touch someone holding more (docs/decisions.md 'Roles').
  if (existing) refuseWithheld(actor, existing.rights, 'edit a user');
  // The role: unchanged on an edit that does not name one, built-in for a new user.
  const roleId = input.role_id ?? (existing ? undefined : 0);
  const changesRole = roleId !== undefined && !(existing && (existing.role_id ?? 0) === roleId);
  // One's own role is given by someone else: narrowing it oneself could lock one out of users.
  // Another tenant's role is not found (404) before anything else is said of it.
  if (changesRole && roleId !== 0) await findRoleInScope(db, actor, roleId as number);
  if (changesRole && existing?.id === actor.userId) {
    errs.add('role_id', 'You cannot change your own role: ask another user who manages users.');
    errs.throwIfAny();
  }
  const role = changesRole ? await resolveRoleFor(db, actor, subject, roleId as number) : null;
  if (existing && named && named.id !== existing.organisation_id)
    errs.add('organisation_id', 'A user stays in its organisation: create a user in the other one instead.');
  if (input.level !== undefined && input.level !== level) {
    refuseAbove(actor, input.level, existing ? 'edit' : 'create');
    errs.add('level', 'The level follows the organisation: choose the organisation instead.');
  }
  if (existing?.id === actor.userId && input.disabled)
    errs.add('disabled', 'You cannot disable your own login.');

  // The rules of the user dialog's form (contract/fields.ts), checked again here.
  const name = checkField(errs, 'name', nameRule('name'), input.name);
  const email = checkField(errs, 'email', emailRule(!existing), input.email);
  let username = existing?.username ?? '';
  if (!existing) {
    // An empty user name signs in with the e-mail address.
    username = checkField(errs, 'username', usernameRule, input.username || email);
    if (!username) errs.add('username', fieldMessages.required('user name'));
  }
  const password = checkField(
    errs,
    'password',
    existing ? changedPasswordRule : passwordRule,
    input.password,
  );
  errs.throwIfAny();
  if (!existing) {
    const taken = await unscoped(db, 'user names are unique across the platform')
      .selectFrom('users')
      .select('id')
      .where('username', '=', username)
      .executeTakeFirst();
    if (taken) {
      errs.add('username', 'This user name is taken. Choose another one.');
      errs.throwIfAny();
    }
  }

  const passwordHash = password !== '' ? await hashPassword(password) : null;
  const now = ctx.clock.now();
  return db.transaction().execute(async (tx) => {
    let id: number;
    if (existing) {
      id = existing.id;
      await scoped(tx, actor)
        .updateTable('users')
        .set({
          name,
          email: email || null,
          disabled: input.disabled ? 1 : 0,
          ...(passwordHash ? { password_hash: passwordHash } : {}),
          ...(role ? { role_id: role.id } : {}),
        })
        .where('id', '=', id)
        .execute();
      // A disabled login or a new password ends the user's other sessions.
      if (input.disabled || passwordHash)
        await tx
          .deleteFrom('sessions')
          .where('user_id', '=', id)
          .where('id', '!=', actor.sessionId)
          .execute();
    } else {
      const row = await scoped(tx, actor, { id: orgId })
        .insertInto('users')
        .values({
          organisation_id: orgId,
          username,
          name,
          email: email || null,
          password_hash: passwordHash as string,
          level,
          disabled: input.disabled ? 1 : 0,
          created_at: now,
          role_id: role?.id ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      id = row.id;
    }
    await audit(tx, now, {
      actor,
      action: existing ? 'user.update' : 'user.create',
      targetType: 'user',
      targetId: id,
      details: {
        username,
        level,
        organisation_id: orgId,
        password_changed: passwordHash !== null,
        ...(role && !existing ? { role: role.name ?? 'Built-in' } : {}),
      },
      ip,
    });
    if (role && existing)
      await audit(tx, now, {
        actor,
        action: 'user.role',
        targetType: 'user',
        targetId: id,
        details: { username, old: existing.role_name ?? 'Built-in', new: role.name ?? 'Built-in' },
        ip,
      });
    return { id, created: existing === null };
  });
}

export async function deleteUser(ctx: AppContext, actor: Actor, id: number, ip: string): Promise<void> {
  const user = await loadUser(ctx, actor, id);
  refuseAbove(actor, user.level, 'delete');
  refuseWithheld(actor, user.rights, 'delete a user');
  if (user.id === actor.userId) throw new ConflictError('You cannot delete your own login.');
  const now = ctx.clock.now();
  await ctx.dbh.db.transaction().execute(async (tx) => {
    await tx.deleteFrom('sessions').where('user_id', '=', id).execute();
    await revokeKeysOf(tx, id, now);
    await scoped(tx, actor).deleteFrom('users').where('id', '=', id).execute();
    await audit(tx, now, {
      actor,
      action: 'user.delete',
      targetType: 'user',
      targetId: id,
      details: { username: user.username },
      ip,
    });
  });
}
