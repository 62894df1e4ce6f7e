import { randomBytes } from 'node:crypto';
import type { LoginRequest, SessionResponse } from '@lifeboat/contract';
import { verifyPassword } from '@lifeboat/contract/node';
import { audit } from '../../audit/audit';
import type { AppContext } from '../../context';
import { TooManyRequestsError, UnauthorizedError } from '../../http/errors';
import type { Actor } from '../../scope';
import { addressKey, blockedFor, clearFailures, LOGIN_LIMITS, recordFailure, userKey } from './rate-limit';
import { findSessionByToken, findUserByUsername, hashToken, toActor } from './repository';

// Used when the user does not exist, so an unknown name costs as much time as a wrong password.
const DUMMY_HASH = 'scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';
const BAD_CREDENTIALS = 'The user name or password is incorrect.';
/** Writing last_seen_at on every call would turn each read into a write; a minute is precise enough. */
const TOUCH_EVERY_MS = 60_000;

export interface LoginResult {
  token: string;
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
    },
    csrfToken,
  };
}

export async function login(
  ctx: AppContext,
  body: LoginRequest,
  ip: string,
  userAgent: string,
): Promise<LoginResult> {
  const { db } = ctx.dbh;
  const now = ctx.clock.now();
  const uKey = userKey(body.username);
  const aKey = addressKey(ip);
  const wait = Math.max(
    await blockedFor(db, uKey, LOGIN_LIMITS.perUser, now),
    await blockedFor(db, aKey, LOGIN_LIMITS.perAddress, now),
  );
  if (wait > 0) {
    const minutes = Math.ceil(wait / 60_000);
    throw new TooManyRequestsError(
      `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      Math.ceil(wait / 1000),
    );
  }

  const user = await findUserByUsername(db, body.username);
  const ok = await verifyPassword(body.password, user?.password_hash ?? DUMMY_HASH);
  if (!user || !ok || user.disabled === 1) {
    await recordFailure(db, uKey, now);
    await recordFailure(db, aKey, now);
    await audit(db, now, {
      userId: user?.user_id ?? null,
      organisationId: user?.org_id ?? null,
      action: 'session.login_failed',
      details: { username: body.username.slice(0, 128) },
      ip,
    });
    throw new UnauthorizedError(BAD_CREDENTIALS, 'BAD_CREDENTIALS');
  }
  // MFA (spec: inventory 'Multi-factor authentication') plugs in here: when the user has it
  // enabled, a missing or wrong `code` answers 401 MFA_REQUIRED / BAD_MFA_CODE.

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
        user_agent: userAgent.slice(0, 256),
        created_at: now,
        last_seen_at: now,
        absolute_expires_at: now + config.sessionAbsoluteHours * 3_600_000,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await clearFailures(trx, uKey);
    await audit(trx, now, { userId: user.user_id, organisationId: user.org_id, action: 'session.login', ip });
    return row.id;
  });
  const actor = toActor(user, sessionId);
  return { token, response: sessionResponse(actor, csrfToken) };
}

/** The actor and anti-forgery token of a live session, or null when it is missing or expired. */
export async function resolveSession(
  ctx: AppContext,
  token: string,
): Promise<{ actor: Actor; csrfToken: string } | null> {
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
  return { actor: toActor(s, s.session_id), csrfToken: s.csrf_token };
}

export async function logout(ctx: AppContext, actor: Actor, ip: string): Promise<void> {
  const { db } = ctx.dbh;
  const now = ctx.clock.now();
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('sessions').where('id', '=', actor.sessionId).execute();
    await audit(trx, now, { actor, action: 'session.logout', ip });
  });
}
