import { type runbookStartBody, runbookStartErrors, runbookStatusOf, type VoType } from '@lifeboat/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { BadRequestError } from '../../http/errors';
import { checkGuardedPassword } from '../../password-tries';
import { type Actor, scoped } from '../../scope';
import { loadClient } from '../recovery/access';
import { activeFailover, type Db, loadRunbook, type RunbookRow } from './load';
import { runbookSystems } from './runbooks';
import { clientSystems } from './service';
import { createOffice, type OfficeSystem } from './start';

// Starting a runbook (spec: recovery-flow 5, 7 'Runbooks', 8; issue 16.2): the wizard's password
// check, the check before startRunbookWarning, the start and the status polled after it. The
// runbook's password is guarded like a protected system's: wrong tries are counted per runbook and
// per user (password-tries.ts).
const WRONG_PASSWORD = {
  title: 'Incorrect password',
  details: 'The runbook password is incorrect. Check it and try again.',
};

const OFFICE_EXISTS = 'A virtual office of this client already runs or waits for approval. Stop it first.';

/** A runbook without a password takes any; a wrong one counts against the runbook and the user. */
const runbookPasswordIsRight = async (ctx: AppContext, actor: Actor, r: RunbookRow, password: string) =>
  r.password_hash === null ||
  checkGuardedPassword(
    ctx.dbh.db,
    { subject: `runbook:${r.id}`, userId: actor.userId, hash: r.password_hash, password },
    ctx.clock.now(),
  );

/** POST /runbook/actions/verify_runbook_password: a wrong one answers a title and details. */
export async function verifyRunbookPassword(
  ctx: AppContext,
  actor: Actor,
  b: { runbook_id: number; client_id: number; password: string },
) {
  const r = await loadRunbook(ctx.dbh.db, actor, b.runbook_id, b.client_id);
  const correct = await runbookPasswordIsRight(ctx, actor, r, b.password);
  return correct ? { correct: true, title: null, details: null } : { correct: false, ...WRONG_PASSWORD };
}

/** The runbook's systems as the port takes them, in start order, each at its latest point. */
async function runbookMachines(db: Db, actor: Actor, r: RunbookRow): Promise<OfficeSystem[]> {
  const systems = await runbookSystems(db, actor, [Number(r.id)]);
  const latest = await clientSystems(db, actor, Number(r.client_id), null);
  return systems.map((s) => ({
    systemId: Number(s.system_id),
    systemName: s.name,
    osType: s.os_type,
    applianceId: s.appliance_id === null ? null : Number(s.appliance_id),
    restorePointId: latest.find((x) => x.id === Number(s.system_id))?.restore_point_id ?? null,
    group: Number(s.group_no),
    delaySeconds: Number(s.delay_seconds),
    ipAddress: s.ip_address,
  }));
}

function checkVoType(r: RunbookRow, voType: VoType) {
  if (r.vo_type !== voType)
    throw new BadRequestError(
      `This runbook runs its office ${r.vo_type === 'cloud' ? 'in the cloud' : 'on an appliance'}.`,
      { vo_type: 'Choose the runbook’s own office type.' },
    );
}

/** POST /runbook/actions/check: warnings and errors before startRunbookWarning. */
export async function checkRunbook(
  ctx: AppContext,
  actor: Actor,
  b: { runbook_id: number; client_id: number; vo_type: VoType },
) {
  const db = ctx.dbh.db;
  const r = await loadRunbook(db, actor, b.runbook_id, b.client_id);
  checkVoType(r, b.vo_type);
  const check = await ctx.ports.failover.checkRunbook({
    runbookId: Number(r.id),
    runbookName: r.name,
    clientId: Number(r.client_id),
    voType: r.vo_type,
    applianceId: r.appliance_id === null ? null : Number(r.appliance_id),
    machines: await runbookMachines(db, actor, r),
    gateway: r.gateway,
  });
  const existing = await activeFailover(db, actor, Number(r.client_id));
  if (existing) check.errors.unshift(OFFICE_EXISTS);
  return check;
}

/** POST /runbook/actions/start: the start errors listed (recovery-flow 8), or the office starts. */
export async function startRunbook(
  ctx: AppContext,
  actor: Actor,
  b: z.output<typeof runbookStartBody>,
  ip: string,
) {
  const db = ctx.dbh.db;
  const r = await loadRunbook(db, actor, b.runbook_id, b.client_id);
  checkVoType(r, b.vo_type);
  const type = b.type ?? 'test';
  const answer = (
    errors: string[],
    failoverId: number | null = null,
    approvalExpiresAt: number | null = null,
  ) => ({
    is_error: errors.length > 0,
    errors,
    runbook_id: Number(r.id),
    failover_id: failoverId,
    approval_expires_at: approvalExpiresAt,
  });
  const ruleErrors = runbookStartErrors({
    passwordProtected: r.password_hash !== null,
    passwordGiven: !!b.password,
    type,
    autostopMinutes: b.autostop_after_minutes,
  });
  if (ruleErrors.length > 0) return answer(ruleErrors);
  if (!(await runbookPasswordIsRight(ctx, actor, r, b.password ?? '')))
    return answer([WRONG_PASSWORD.details]);
  const check = await checkRunbook(ctx, actor, b);
  if (check.errors.length > 0) return answer(check.errors);
  const client = await loadClient(db, actor, Number(r.client_id));
  const created = await createOffice(
    ctx,
    actor,
    {
      client,
      type,
      voType: r.vo_type,
      applianceId: r.appliance_id === null ? null : Number(r.appliance_id),
      runbook: { id: Number(r.id), name: r.name },
      gateway: r.gateway,
      netmask: r.netmask,
      dnsServer: null,
      services: ['vpn', 'dhcp'],
      reason: null,
      stopAfterMinutes: b.autostop_after_minutes || null,
      systems: await runbookMachines(db, actor, r),
    },
    ip,
  );
  if (created.existingId !== undefined) return answer([OFFICE_EXISTS]);
  return answer([], created.failoverId, created.approvalExpiresAt);
}

/** GET runbook_failover_status/{runbookId}: the runbook's latest office. */
export async function runbookFailoverStatus(ctx: AppContext, actor: Actor, id: number) {
  const db = ctx.dbh.db;
  const r = await loadRunbook(db, actor, id);
  const f = await scoped(db, actor)
    .selectFrom('failovers')
    .selectAll()
    .where('runbook_id', '=', r.id)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return {
    runbook_id: Number(r.id),
    status: runbookStatusOf(f?.phase ?? null),
    failover_id: f ? Number(f.id) : null,
    percent: f ? Number(f.percent) : 0,
    step: f?.step ?? null,
    errors:
      f?.message && (f.phase === 'failed' || f.phase === 'refused' || f.phase === 'expired')
        ? [f.message]
        : [],
  };
}
