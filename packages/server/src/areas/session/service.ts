import { randomBytes } from 'node:crypto';
import type { LoginRequest, SessionResponse } from '@lifeboat/contract';
import { verifyPassword } from '@lifeboat/contract/node';
import { guarded } from '../../attempts';
import { audit } from '../../audit/audit';
import type { AppContext } from '../../context';
import { UnauthorizedError } from '../../http/errors';
import { type Actor, unscoped } from '../../scope';
import { checkSecondFactor, loadMfaUser, secretKeyOf } from '../security/mfa';
import { deviceOf, signedIn, signInGuards } from './rate-limit';
import { findSessionByToken, findUserByUsername, hashToken, toActor } from './repository';

// Used when the user does not exist, so an unknown name costs as much time as a wrong password.
const DUMMY_HASH = 'scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';
const BAD_CREDENTIALS = 'The user name or password is incorrect.';
/** Writing last_seen_at on every call would turn each read into a write; a minute is precise enough. */
const TOUCH_EVERY_MS = 60_000;

export interface LoginResult {
  token: string;
  /** The device cookie to set: the browser's own when it sent a well-formed one, else a new one. */
  deviceToken: string;
  response: SessionResponse;
}

export function sessionResponse(actor: Actor, csrfToken: string): SessionResponse {
  return {
    user: {
      id: actor.userId,
      name: actor.name,
      username: actor.username,
      level: actor.level,
      organisationId: actor.organisationId,
      organisationName: actor.organisationName,
      organisationKind: actor.organisationKind,
      isProvider: actor.isProvider,
      timeZone: actor.timeZone,
      rights: [...actor.rights],
    },
    csrfToken,
  };
}

export async function login(
  ctx: AppContext,
  body: LoginRequest,
  client: { ip: string; userAgent: string; deviceCookie: string | undefined },
): Promise<LoginResult> {
  const { db } = ctx.dbh;
  const now = ctx.clock.now();
  const { ip } = client;
  const from = { ip, device: deviceOf(client.deviceCookie) };
  const deviceToken = from.device ? (client.deviceCookie as string) : randomBytes(32).toString('base64url');
  // Sign-in limits (docs/sign-in-limits.md): the attempt is counted before the password is
  // checked; a wrong password or code stays counted, the right one clears its pair.
  const user = await guarded(
    db,
    await signInGuards(db, body.username, from, now),
    now,
    (wait) => `Too many failed sign-in attempts. Wait ${wait}, then try again.`,
    () => checkCredentials(ctx, body, ip, now),
    () => true,
  );

  const token = randomBytes(32).toString('base64url');
  const csrfToken = randomBytes(24).toString('base64url');
  const { config } = ctx;
  const sessionId = await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('sessions')
      .values({
        token_hash: hashToken(token),
        user_id: user.user_id,
        csrf_token: csrfToken,
        ip,
        user_agent: client.userAgent.slice(0, 256),
        created_at: now,
        last_seen_at: now,
        absolute_expires_at: now + config.sessionAbsoluteHours * 3_600_000,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await signedIn(trx, body.username, { ip, device: deviceOf(deviceToken) }, now);
    await audit(trx, now, { userId: user.user_id, organisationId: user.org_id, action: 'session.login', ip });
    return row.id;
  });
  const actor = toActor(user, sessionId);
  return { token, deviceToken, response: sessionResponse(actor, csrfToken) };
}

/** The user whose password (and code, with MFA on) is right; 401 otherwise. */
async function checkCredentials(ctx: AppContext, body: LoginRequest, ip: string, now: number) {
  const { db } = ctx.dbh;
  const user = await findUserByUsername(db, body.username);
  const ok = await verifyPassword(body.password, user?.password_hash ?? DUMMY_HASH);
  if (!user || !ok || user.disabled === 1) {
    await audit(db, now, {
      userId: user?.user_id ?? null,
      organisationId: user?.org_id ?? null,
      action: 'session.login_failed',
      details: { username: body.username.slice(0, 128) },
      ip,
    });
    throw new UnauthorizedError(BAD_CREDENTIALS, 'BAD_CREDENTIALS');
  }
  // MFA (issue 17.1): with MFA on, a missing code answers 401 MFA_REQUIRED (the attempt stays
  // counted until a full sign-in clears it); a wrong or replayed code counts as a failure.
  if (user.mfa_enabled === 1) await secondFactor(ctx, user, body.code, ip, now);
  return user;
}

const BAD_CODE = 'The code is not right, or it was already used. Enter the code your app shows now.';

async function secondFactor(
  ctx: AppContext,
  user: NonNullable<Awaited<ReturnType<typeof findUserByUsername>>>,
  code: string | undefined,
  ip: string,
  now: number,
): Promise<void> {
  const { db } = ctx.dbh;
  if (!code) {
    throw new UnauthorizedError('Enter the code from your authenticator app.', 'MFA_REQUIRED');
  }
  const mfaUser = await loadMfaUser(db, user.user_id);
  const verdict = await checkSecondFactor(db, secretKeyOf(ctx), mfaUser, code, now);
  if (verdict === 'ok') return;
  if (verdict === 'recovery') {
    await audit(db, now, {
      userId: user.user_id,
      organisationId: user.org_id,
      action: 'mfa.recovery_code_used',
      ip,
    });
    return;
  }
  await audit(db, now, {
    userId: user.user_id,
    organisationId: user.org_id,
    action: verdict === 'replayed' ? 'session.mfa_replayed' : 'session.mfa_failed',
    ip,
  });
  throw new UnauthorizedError(BAD_CODE, 'BAD_MFA_CODE');
}

/** The actor and anti-forgery token of a live session, or null when it is missing or expired. */
export async function resolveSession(
  ctx: AppContext,
  token: string,
): Promise<{ actor: Actor; csrfToken: string; mfaSetupPending: boolean } | null> {
  const { db } = ctx.dbh;
  const now = ctx.clock.now();
  const s = await findSessionByToken(db, token);
  if (!s) return null;
  const idleExpired = now - s.last_seen_at > ctx.config.sessionIdleMinutes * 60_000;
  if (idleExpired || now >= s.absolute_expires_at || s.disabled === 1) {
    await db.deleteFrom('sessions').where('id', '=', s.session_id).execute();
    return null;
  }
  if (now - s.last_seen_at > TOUCH_EVERY_MS) {
    await db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', s.session_id).execute();
  }
  // A user whose organisation or reseller requires MFA and who has none yet may reach only the
  // enrolment calls (http/auth.ts; issue 17.1).
  const required = s.own_requires_mfa === 1 || s.reseller_requires_mfa === 1;
  return {
    actor: toActor(s, s.session_id),
    csrfToken: s.csrf_token,
    mfaSetupPending: required && s.mfa_enabled !== 1,
  };
}

export async function logout(ctx: AppContext, actor: Actor, ip: string): Promise<void> {
  const { db } = ctx.dbh;
  const now = ctx.clock.now();
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('sessions').where('id', '=', actor.sessionId).execute();
    await audit(trx, now, { actor, action: 'session.logout', ip });
  });
}

/**
 * PUT /api/session/time_zone: the user's own time zone, in which the console groups restore
 * points into days and writes every date (the web app stores the browser's at the first session).
 */
export async function setTimeZone(
  ctx: AppContext,
  actor: Actor,
  timeZone: string,
  ip: string,
): Promise<Actor> {
  const now = ctx.clock.now();
  await ctx.dbh.db.transaction().execute(async (trx) => {
    await unscoped(trx, "a user's own profile setting, keyed on the session's user")
      .updateTable('users')
      .set({ time_zone: timeZone })
      .where('id', '=', actor.userId)
      .execute();
    await audit(trx, now, { actor, action: 'account.time_zone', details: { time_zone: timeZone }, ip });
  });
  return { ...actor, timeZone };
}
