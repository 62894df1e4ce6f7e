import { APPROVAL_WINDOW_MINUTES, type ApprovalRequest } from '@lifeboat/contract';
import { audit } from '../../audit/audit';
import type { AppContext } from '../../context';
import { ConflictError, ForbiddenError } from '../../http/errors';
import { type Actor, scoped } from '../../scope';
import { loadReseller } from '../recovery/access';
import { loadFailover } from './load';
import { queueStart } from './start';

// Approval of production failover (docs/decisions.md 'Issue 16', 'Failover approval is opt-in'):
// where a reseller opted in, a second user of the same reseller, its distributor or the provider's
// staff approves or refuses within APPROVAL_WINDOW_MINUTES; the requester cannot decide their own
// request but may withdraw it. Request, decision and start are audited with both names.

const nameOf = (actor: Actor) => actor.name || actor.username;

/** GET /failover/approval_requests: what waits for a decision in the actor's scope. */
export async function approvalRequests(
  ctx: AppContext,
  actor: Actor,
): Promise<{ requests: ApprovalRequest[] }> {
  const db = ctx.dbh.db;
  const now = ctx.clock.now();
  const rows = await scoped(db, actor)
    .selectFrom('failovers as f')
    .innerJoin('organisations as c', 'c.id', 'f.client_id')
    .select([
      'f.id',
      'f.client_id',
      'f.reseller_id',
      'c.name as client_name',
      'f.type',
      'f.runbook_name',
      'f.reason',
      'f.requested_by',
      'f.requested_by_name',
      'f.created_at',
      'f.approval_expires_at',
    ])
    .where('f.phase', '=', 'awaiting_approval')
    .where('f.approval_expires_at', '>', now)
    .orderBy('f.created_at')
    .orderBy('f.id')
    .limit(100)
    .execute();
  const ids = rows.map((r) => Number(r.id));
  const systems =
    ids.length === 0
      ? []
      : await scoped(db, actor)
          .selectFrom('failover_systems')
          .select('failover_id')
          .where('failover_id', 'in', ids)
          .execute();
  return {
    requests: rows.map((r) => ({
      failover_id: Number(r.id),
      client_id: Number(r.client_id),
      client_name: r.client_name,
      type: r.type,
      runbook_name: r.runbook_name,
      systems_count: systems.filter((s) => Number(s.failover_id) === Number(r.id)).length,
      reason: r.reason,
      requested_by: r.requested_by_name,
      requested_at: Number(r.created_at),
      expires_at: Number(r.approval_expires_at),
      can_decide: Number(r.requested_by) !== actor.userId && actor.rights.has('approve_failover'),
      can_withdraw: Number(r.requested_by) === actor.userId,
    })),
  };
}

type Move = 'approve' | 'refuse' | 'withdraw';

/** Load a failover waiting for this actor's move; refuse with a sentence otherwise. */
async function pending(ctx: AppContext, actor: Actor, id: number, move: Move) {
  const db = ctx.dbh.db;
  const f = await loadFailover(db, actor, id);
  if (f.phase !== 'awaiting_approval') throw new ConflictError('This failover is not waiting for approval.');
  const own = Number(f.requested_by) === actor.userId;
  if (move === 'withdraw' && !own)
    throw new ForbiddenError(
      'Only the person who asked for this failover can withdraw it. Approve or refuse it instead.',
    );
  if (move === 'approve' && own)
    throw new ForbiddenError(
      'You asked for this failover: another person of the reseller, its distributor or the provider’s staff must approve it.',
    );
  if (move === 'refuse' && own)
    throw new ForbiddenError('You asked for this failover: withdraw the request instead of refusing it.');
  if (Number(f.approval_expires_at) <= ctx.clock.now()) {
    await expire(ctx, actor, Number(f.id));
    throw new ConflictError(
      `This request expired: a production failover must be approved within ${APPROVAL_WINDOW_MINUTES} minutes. Ask again.`,
    );
  }
  return f;
}

async function expire(ctx: AppContext, actor: Actor, id: number) {
  await scoped(ctx.dbh.db, actor)
    .updateTable('failovers')
    .set({ phase: 'expired', message: 'No one approved this failover in time.', ended_at: ctx.clock.now() })
    .where('id', '=', id)
    .where('phase', '=', 'awaiting_approval')
    .execute();
}

/** POST /failover/approve: the failover starts (audited with both names). */
export async function approveFailover(ctx: AppContext, actor: Actor, id: number, ip: string) {
  const f = await pending(ctx, actor, id, 'approve');
  const now = ctx.clock.now();
  await ctx.dbh.db.transaction().execute(async (trx) => {
    const res = await scoped(trx, actor)
      .updateTable('failovers')
      .set({ phase: 'new', decided_by: actor.userId, decided_by_name: nameOf(actor) })
      .where('id', '=', f.id)
      .where('phase', '=', 'awaiting_approval')
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1)
      throw new ConflictError('This failover is not waiting for approval.');
    await queueStart(ctx, trx, actor, {
      id: Number(f.id),
      reseller_id: Number(f.reseller_id),
      client_id: Number(f.client_id),
    });
    const details = {
      type: f.type,
      runbook: f.runbook_name,
      requested_by: f.requested_by_name,
      approved_by: nameOf(actor),
    };
    await audit(trx, now, {
      actor,
      action: 'failover.approved',
      targetType: 'failover',
      targetId: Number(f.id),
      details,
      ip,
    });
    await audit(trx, now, {
      actor,
      action: 'failover.start',
      targetType: 'failover',
      targetId: Number(f.id),
      details,
      ip,
    });
  });
  ctx.operations.wake();
  return { ok: true as const, failover_id: Number(f.id), phase: 'new' as const };
}

/** POST /failover/refuse: a second person refuses; the requester reads why (audited). */
export async function refuseFailover(
  ctx: AppContext,
  actor: Actor,
  id: number,
  reason: string | undefined,
  ip: string,
) {
  const f = await pending(ctx, actor, id, 'refuse');
  const message = `${nameOf(actor)} refused this failover${reason ? `: ${reason}` : '.'}`;
  return endRequest(ctx, actor, f, { action: 'failover.refused', message, reason: reason ?? null, ip });
}

/** POST /failover/withdraw: the requester takes their own request back (audited). */
export async function withdrawFailover(ctx: AppContext, actor: Actor, id: number, ip: string) {
  const f = await pending(ctx, actor, id, 'withdraw');
  const message = `${nameOf(actor)} withdrew the request.`;
  return endRequest(ctx, actor, f, { action: 'failover.withdrawn', message, reason: null, ip });
}

/** A request ends unstarted: phase refused, the decider and the sentence the client page shows. */
async function endRequest(
  ctx: AppContext,
  actor: Actor,
  f: Awaited<ReturnType<typeof pending>>,
  end: {
    action: 'failover.refused' | 'failover.withdrawn';
    message: string;
    reason: string | null;
    ip: string;
  },
) {
  const now = ctx.clock.now();
  await ctx.dbh.db.transaction().execute(async (trx) => {
    const res = await scoped(trx, actor)
      .updateTable('failovers')
      .set({
        phase: 'refused',
        decided_by: actor.userId,
        decided_by_name: nameOf(actor),
        message: end.message,
        ended_at: now,
      })
      .where('id', '=', f.id)
      .where('phase', '=', 'awaiting_approval')
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1)
      throw new ConflictError('This failover is not waiting for approval.');
    await audit(trx, now, {
      actor,
      action: end.action,
      targetType: 'failover',
      targetId: Number(f.id),
      details: {
        type: f.type,
        requested_by: f.requested_by_name,
        refused_by: nameOf(actor),
        reason: end.reason,
      },
      ip: end.ip,
    });
  });
  return { ok: true as const, failover_id: Number(f.id), phase: 'refused' as const };
}

/** GET the reseller's approval setting. */
export async function approvalSetting(ctx: AppContext, actor: Actor, resellerId: number) {
  const r = await loadReseller(ctx.dbh.db, actor, resellerId);
  return {
    reseller_id: Number(r.id),
    approval_required: Number(r.failover_approval) === 1,
    window_minutes: APPROVAL_WINDOW_MINUTES,
  };
}

/** POST the reseller's approval setting (audited): the reseller's staff and above. */
export async function saveApprovalSetting(
  ctx: AppContext,
  actor: Actor,
  resellerId: number,
  required: boolean,
  ip: string,
) {
  const r = await loadReseller(ctx.dbh.db, actor, resellerId);
  const now = ctx.clock.now();
  await ctx.dbh.db.transaction().execute(async (trx) => {
    await scoped(trx, actor)
      .updateTable('organisations')
      .set({ failover_approval: required ? 1 : 0 })
      .where('organisations.id', '=', r.id)
      .execute();
    await audit(trx, now, {
      actor,
      action: 'failover.approval_setting',
      targetType: 'organisation',
      targetId: Number(r.id),
      // Every settings change is audited with the old and new value (issue 17).
      details: {
        reseller: r.name,
        approval_required: required,
        old: Number(r.failover_approval) === 1,
        new: required,
        changed_by: nameOf(actor),
      },
      ip,
    });
  });
  return approvalSetting(ctx, actor, resellerId);
}
