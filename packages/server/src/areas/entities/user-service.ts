import type { OrgKind, userSaveRequest } from '@lifeboat/contract';
import { hashPassword } from '@lifeboat/contract/node';
import type { z } from 'zod';
import { audit } from '../../audit/audit';
import type { AppContext } from '../../context';
import { ConflictError, ForbiddenError, NotFoundError } from '../../http/errors';
import { type Actor, findOrgInScope } from '../../scope';
import { canManageUserLevel, levelOfKind } from './permissions';
import { cleanEmail, cleanText, FieldErrors } from './save-support';
import { usersInScope } from './scope-conditions';

// Users and levels (issue 5 deliverable 3): a user is managed by someone who sees its
// organisation (scope, else 404) and whose level is not below the user's (else 403). The level
// follows the organisation's kind, whatever the browser sends.

type UserSave = z.output<typeof userSaveRequest>;
const MIN_PASSWORD = 8;
const USERNAME = /^[a-z0-9_@.\-+]+$/;

async function loadUser(ctx: AppContext, actor: Actor, id: number) {
  const row = await ctx.dbh.db
    .selectFrom('users as u')
    .innerJoin('organisations as o', 'o.id', 'u.organisation_id')
    .select(['u.id', 'u.username', 'u.name', 'u.level', 'u.organisation_id', 'o.kind as org_kind'])
    .where('u.id', '=', id)
    .where(usersInScope(actor))
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
  const errs = new FieldErrors();
  let orgKind: OrgKind;
  let orgId: number;
  if (existing) {
    orgKind = existing.org_kind as OrgKind;
    orgId = existing.organisation_id;
  } else {
    const org = await findOrgInScope(db, actor, input.organisation_id ?? actor.organisationId);
    orgKind = org.kind as OrgKind;
    orgId = org.id;
  }
  const level = levelOfKind(orgKind);
  refuseAbove(actor, existing ? existing.level : level, existing ? 'edit' : 'create');
  if (input.level !== undefined && input.level !== level) {
    refuseAbove(actor, input.level, existing ? 'edit' : 'create');
    errs.add('level', 'The level follows the organisation: choose the organisation instead.');
  }
  if (existing?.id === actor.userId && input.disabled)
    errs.add('disabled', 'You cannot disable your own login.');

  const name = cleanText(errs, 'name', input.name, { label: 'name', required: true, max: 100 });
  const email = cleanEmail(errs, 'email', input.email, !existing);
  let username = existing?.username ?? '';
  if (!existing) {
    username = cleanText(errs, 'username', input.username || email, {
      label: 'user name',
      required: true,
      max: 128,
    }).toLowerCase();
    if (username && !USERNAME.test(username))
      errs.add('username', 'Use letters, digits and _ @ . - + only, without spaces.');
  }
  const password = input.password;
  if (!existing || password !== '') {
    if (password.length < MIN_PASSWORD) errs.add('password', `Use at least ${MIN_PASSWORD} characters.`);
  }
  errs.throwIfAny();
  if (!existing) {
    const taken = await db
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
      await tx
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
      const row = await tx
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
    await tx.deleteFrom('users').where('id', '=', id).execute();
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
