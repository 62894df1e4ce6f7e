import { reminderDue } from '@lifeboat/contract';
import { verifyPassword } from '@lifeboat/contract/node';
import type { Database } from '@lifeboat/db';
import type { Kysely } from 'kysely';
import { type Guard, guarded } from '../../attempts';
import { audit } from '../../audit/audit';
import type { AppContext } from '../../context';
import { BadRequestError, ConflictError, NotFoundError } from '../../http/errors';
import { type Actor, parseId, scoped, unscoped } from '../../scope';
import { revokeKeysOf } from './api-keys';
import {
  hashRecoveryCode,
  matchStep,
  newRecoveryCodes,
  newSecret,
  openSecret,
  otpauthUri,
  qrPath,
  sealSecret,
  spendRecoveryCode,
} from './totp';

// MFA (issue 17.1; spec: inventory-reports-exports-security 2 'MFA screens', 7, 8).

export function secretKeyOf(ctx: Pick<AppContext, 'config'>): string {
  const key = ctx.config.secretKey;
  if (!key) throw new Error('No secret key: set LIFEBOAT_SECRET_KEY or let the server create one.');
  return key;
}

export type SecondFactor = 'ok' | 'recovery' | 'wrong' | 'replayed';

interface MfaUser {
  id: number;
  mfa_secret_enc: string | null;
  mfa_recovery_codes: string | null;
}

/**
 * Check a code of a user with MFA on: a TOTP code of a step later than the last accepted one
 * (taken in one conditional update, so two parallel uses of one code cannot both pass), or an
 * unused recovery code (spent in one conditional update). Writes nothing on failure.
 */
export async function checkSecondFactor(
  db: Kysely<Database>,
  secretKey: string,
  user: MfaUser,
  code: string,
  now: number,
): Promise<SecondFactor> {
  const raw = code.trim();
  const users = unscoped(
    db,
    'the second factor is checked for the user it belongs to, before or within its session',
  );
  if (/^\d{6}$/.test(raw)) {
    if (!user.mfa_secret_enc) return 'wrong';
    const step = matchStep(openSecret(secretKey, user.id, user.mfa_secret_enc), raw, now);
    if (step === null) return 'wrong';
    const taken = await users
      .updateTable('users')
      .set({ mfa_last_step: step })
      .where('id', '=', user.id)
      .where((e) => e.or([e('mfa_last_step', 'is', null), e('mfa_last_step', '<', step)]))
      .executeTakeFirst();
    return Number(taken.numUpdatedRows) === 1 ? 'ok' : 'replayed';
  }
  const left = spendRecoveryCode(user.mfa_recovery_codes, raw);
  if (!left || user.mfa_recovery_codes === null) return 'wrong';
  const spent = await users
    .updateTable('users')
    .set({ mfa_recovery_codes: JSON.stringify(left) })
    .where('id', '=', user.id)
    .where('mfa_recovery_codes', '=', user.mfa_recovery_codes)
    .executeTakeFirst();
  return Number(spent.numUpdatedRows) === 1 ? 'recovery' : 'replayed';
}

export function loadMfaUser(db: Kysely<Database>, userId: number) {
  return unscoped(db, 'sign-in reads the MFA of the user whose password was just verified')
    .selectFrom('users')
    .select(['id', 'mfa_secret_enc', 'mfa_recovery_codes', 'mfa_enabled'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}

function ownRow(db: Kysely<Database>, actor: Actor) {
  return scoped(db, actor)
    .selectFrom('users')
    .select([
      'users.id',
      'users.username',
      'users.password_hash',
      'users.mfa_enabled',
      'users.mfa_secret_enc',
      'users.mfa_recovery_codes',
      'users.mfa_reminder_show_time',
      'users.mfa_reminder_active',
      'users.created_at',
    ])
    .where('users.id', '=', actor.userId)
    .executeTakeFirstOrThrow();
}

/** A reseller requires MFA of its users and its clients' users (the user's nearest reseller). */
export async function mfaRequired(db: Kysely<Database>, actor: Actor): Promise<boolean> {
  if (actor.resellerId === null) return false;
  const r = await scoped(db, actor)
    .selectFrom('organisations')
    .select('organisations.require_mfa')
    .where('organisations.id', '=', actor.resellerId)
    .executeTakeFirst();
  if (r) return r.require_mfa === 1;
  // A client user does not see its reseller's row; the requirement is still its reseller's.
  const own = await unscoped(db, "a client user's MFA requirement is set on its reseller")
    .selectFrom('organisations')
    .select('require_mfa')
    .where('id', '=', actor.resellerId)
    .executeTakeFirst();
  return own?.require_mfa === 1;
}

export async function mfaStatus(ctx: AppContext, actor: Actor) {
  const { db } = ctx.dbh;
  const me = await ownRow(db, actor);
  const codes: string[] = me.mfa_recovery_codes ? JSON.parse(me.mfa_recovery_codes) : [];
  return {
    enabled: me.mfa_enabled === 1,
    required: await mfaRequired(db, actor),
    recoveryCodesLeft: me.mfa_enabled === 1 ? codes.length : 0,
  };
}

/** Start setup: a new secret replaces any unfinished one; refused while MFA is on. */
export async function generateSecret(ctx: AppContext, actor: Actor) {
  const { db } = ctx.dbh;
  const me = await ownRow(db, actor);
  if (me.mfa_enabled === 1)
    throw new ConflictError('MFA is already on. Turn it off first to set it up again.');
  const secret = newSecret();
  await scoped(db, actor)
    .updateTable('users')
    .set({ mfa_secret_enc: sealSecret(secretKeyOf(ctx), actor.userId, secret), mfa_last_step: null })
    .where('users.id', '=', actor.userId)
    .execute();
  const qrCodeText = otpauthUri(secret, me.username);
  return { qrCodeText, secret, qr: qrPath(qrCodeText) };
}

/** Finish setup with a code of the new secret (spec 7 init_user_with_mfa; 8 errors.mfa_save). */
export async function initWithMfa(ctx: AppContext, actor: Actor, code: string, ip: string) {
  const { db } = ctx.dbh;
  const now = ctx.clock.now();
  const me = await ownRow(db, actor);
  if (me.mfa_enabled === 1)
    return { is_error: true, errors: { mfa_save: 'MFA is already on for your account.' } };
  if (!me.mfa_secret_enc) {
    return {
      is_error: true,
      errors: { mfa_save: 'Start the setup again: no secret is waiting for a code.' },
    };
  }
  const secret = openSecret(secretKeyOf(ctx), actor.userId, me.mfa_secret_enc);
  const step = await guarded(
    db,
    [codeGuard('mfa-setup', actor.userId)],
    now,
    TOO_MANY_CODES,
    async () => matchStep(secret, code.trim(), now),
    (found) => found !== null,
  );
  if (step === null) {
    await audit(db, now, {
      actor,
      action: 'mfa.setup_failed',
      targetType: 'user',
      targetId: actor.userId,
      ip,
    });
    return {
      is_error: true,
      errors: {
        mfa_save:
          'The code does not match. Check that the time on your phone is right and enter the code the app shows now.',
      },
    };
  }
  const codes = newRecoveryCodes();
  // One enrolment per secret: of several sent at once with one code, the first turns MFA on and
  // the others change nothing (their recovery codes would not work).
  const enabled = await db.transaction().execute(async (trx) => {
    const done = await scoped(trx, actor)
      .updateTable('users')
      .set({
        mfa_enabled: 1,
        mfa_last_step: step,
        mfa_recovery_codes: JSON.stringify(codes.map(hashRecoveryCode)),
        mfa_reminder_active: 0,
      })
      .where('users.id', '=', actor.userId)
      .where('users.mfa_enabled', '=', 0)
      .where('users.mfa_secret_enc', '=', me.mfa_secret_enc)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1) return false;
    await audit(trx, now, { actor, action: 'mfa.enabled', targetType: 'user', targetId: actor.userId, ip });
    return true;
  });
  if (!enabled) return { is_error: true, errors: { mfa_save: 'MFA is already on for your account.' } };
  return { is_error: false, recoveryCodes: codes };
}

/** A user's own count of wrong codes or passwords at one MFA step (attempts.ts). */
const codeGuard = (step: 'mfa-setup' | 'mfa-off', userId: number): Guard => ({
  key: `${step}:${userId}`,
  policy: { kind: 'delay' },
  onRight: 'clear',
});
const TOO_MANY_CODES = (wait: string) => `Too many wrong codes or passwords. Wait ${wait}, then try again.`;

const offFields = {
  password: 'The password is incorrect.',
  code: 'The code is not right, or it was already used.',
};

/** Turn MFA off: the password and a current code (or a recovery code). */
export async function disableMfa(
  ctx: AppContext,
  actor: Actor,
  body: { password: string; code: string },
  ip: string,
) {
  const { db } = ctx.dbh;
  const now = ctx.clock.now();
  const me = await ownRow(db, actor);
  if (me.mfa_enabled !== 1) throw new ConflictError('MFA is not on for your account.');
  // Counted before the password and the code are compared: a stolen session cannot guess them.
  await guarded(
    db,
    [codeGuard('mfa-off', actor.userId)],
    now,
    TOO_MANY_CODES,
    async () => {
      if (!(await verifyPassword(body.password, me.password_hash))) {
        await audit(db, now, {
          actor,
          action: 'mfa.disable_failed',
          targetType: 'user',
          targetId: actor.userId,
          ip,
        });
        throw new BadRequestError(offFields.password, { password: offFields.password });
      }
      const verdict = await checkSecondFactor(db, secretKeyOf(ctx), me, body.code, now);
      if (verdict === 'wrong' || verdict === 'replayed') {
        await audit(db, now, {
          actor,
          action: verdict === 'replayed' ? 'mfa.code_replayed' : 'mfa.disable_failed',
          targetType: 'user',
          targetId: actor.userId,
          ip,
        });
        throw new BadRequestError(offFields.code, { code: offFields.code });
      }
    },
    () => true,
  );
  await db.transaction().execute(async (trx) => {
    await clearMfa(trx, actor, actor.userId, now);
    await audit(trx, now, { actor, action: 'mfa.disabled', targetType: 'user', targetId: actor.userId, ip });
  });
  return { ok: true as const };
}

function clearMfa(db: Kysely<Database>, actor: Actor, userId: number, now: number) {
  return scoped(db, actor)
    .updateTable('users')
    .set({
      mfa_enabled: 0,
      mfa_secret_enc: null,
      mfa_last_step: null,
      mfa_recovery_codes: null,
      mfa_reminder_active: 1,
      mfa_reminder_show_time: now,
    })
    .where('users.id', '=', userId)
    .execute();
}

/** Staff clear a user's MFA (lost phone and codes); audited with the user's name. */
export async function resetMfa(ctx: AppContext, actor: Actor, rawId: string, ip: string) {
  const { db } = ctx.dbh;
  const now = ctx.clock.now();
  const id = parseId(rawId, 'This user');
  const user = await scoped(db, actor)
    .selectFrom('users')
    .select(['users.id', 'users.username', 'users.mfa_enabled'])
    .where('users.id', '=', id)
    .executeTakeFirst();
  if (!user) throw new NotFoundError('This user');
  await db.transaction().execute(async (trx) => {
    await clearMfa(trx, actor, id, now);
    // A reset means the account may be in someone else's hands: its API keys stop too.
    await revokeKeysOf(trx, id, now);
    await audit(trx, now, {
      actor,
      action: 'mfa.reset',
      targetType: 'user',
      targetId: id,
      details: { username: user.username, wasEnabled: user.mfa_enabled === 1 },
      ip,
    });
  });
  return { ok: true as const };
}

/** A reseller requires MFA of its users and its clients' users (settings change: old and new). */
export async function requireMfa(
  ctx: AppContext,
  actor: Actor,
  rawId: string,
  required: boolean,
  ip: string,
) {
  const { db } = ctx.dbh;
  const now = ctx.clock.now();
  const id = parseId(rawId, 'This reseller');
  const org = await scoped(db, actor)
    .selectFrom('organisations')
    .select(['organisations.id', 'organisations.require_mfa'])
    .where('organisations.id', '=', id)
    .where('organisations.kind', '=', 'reseller')
    .executeTakeFirst();
  if (!org) throw new NotFoundError('This reseller');
  await db.transaction().execute(async (trx) => {
    await scoped(trx, actor)
      .updateTable('organisations')
      .set({ require_mfa: required ? 1 : 0 })
      .where('organisations.id', '=', id)
      .execute();
    await audit(trx, now, {
      actor,
      action: 'settings.require_mfa',
      targetType: 'reseller',
      targetId: id,
      details: { old: org.require_mfa === 1, new: required },
      ip,
    });
  });
  return { ok: true as const };
}

// --- the reminder (spec 4: shown once more than 3 days have passed since showTime while active) ---

export const REMINDER_TEMPLATE =
  'Protect your account with multi-factor authentication: after your password, Lifeboat will ask for a code from an authenticator app on your phone.';

export async function reminderTemplate(ctx: AppContext, actor: Actor) {
  const me = await ownRow(ctx.dbh.db, actor);
  const r = {
    showTime: me.mfa_reminder_show_time ?? me.created_at,
    active: me.mfa_reminder_active === 1,
    mfaEnabled: me.mfa_enabled === 1,
  };
  return {
    template: r.active && !r.mfaEnabled ? REMINDER_TEMPLATE : null,
    showTime: r.showTime,
    active: r.active,
    due: reminderDue(r, ctx.clock.now()),
  };
}

export async function updateReminder(ctx: AppContext, actor: Actor, active: boolean | undefined) {
  const now = ctx.clock.now();
  const on = active ?? true;
  await scoped(ctx.dbh.db, actor)
    .updateTable('users')
    .set({ mfa_reminder_show_time: now, mfa_reminder_active: on ? 1 : 0 })
    .where('users.id', '=', actor.userId)
    .execute();
  return { reminder: { showTime: now, active: on } };
}
