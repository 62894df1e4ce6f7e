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
import { canManageUserLevel, levelOfKind } from './permissions';
import { checkField, FieldErrors } from './save-support';

// Users and levels (issue 5 deliverable 3): a user is managed by someone who sees its
// organisation (scope, else 404) and whose level is not below the user's (else 403). The level
// follows the organisation's kind, whatever the browser sends.

type UserSave = z.output<typeof userSaveRequest>;

async function loadUser(ctx: AppContext, actor: Actor, id: number) {
  const row = await scoped(ctx.dbh.db, actor)
    .selectFrom('users as u')
    .innerJoin('organisations as o', 'o.id', 'u.organisation_id')
    .select(['u.id', 'u.username', 'u.name', 'u.level', 'u.organisation_id', 'o.kind as org_kind'])
    .where('u.id', '=', id)
    .executeTakeFirst();
  if (!row) throw new NotFoundError('This user');
  return row;
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
  if (existing) {
    orgKind = existing.org_kind as OrgKind;
    orgId = existing.organisation_id;
  } else {
    const org = named ?? (await findOrgInScope(db, actor, actor.organisationId));
    orgKind = org.kind as OrgKind;
    orgId = org.id;
  }
  const level = levelOfKind(orgKind);
  refuseAbove(actor, existing ? existing.level : level, existing ? 'edit' : 'create');
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
      details: { username, level, organisation_id: orgId, password_changed: passwordHash !== null },
      ip,
    });
    return { id, created: existing === null };
  });
}

export async function deleteUser(ctx: AppContext, actor: Actor, id: number, ip: string): Promise<void> {
  const user = await loadUser(ctx, actor, id);
  refuseAbove(actor, user.level, 'delete');
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
