import { APPROVAL_WINDOW_MINUTES, type FailoverMachine } from '@lifeboat/contract';
import type { Database } from '@lifeboat/db';
import type { Selectable } from 'kysely';
import { audit } from '../../audit/audit';
import type { AppContext } from '../../context';
import { type Actor, lockRow, scoped, unscoped } from '../../scope';
import { activeFailover, type Db } from './load';

// Where a failover and a runbook start meet (issue 16.1-4): the office row and its systems are
// written, and either the start is queued (a test, or a production failover where the reseller
// turned approval off) or the failover waits APPROVAL_WINDOW_MINUTES for a second person.

export const FAILOVER_START = 'failover.start';
export const FAILOVER_STOP = 'failover.stop';
export const FAILOVER_SWEEP = 'failover.sweep';

type OrgRow = Selectable<Database['organisations']>;

export interface OfficeSystem extends FailoverMachine {
  group: number;
  delaySeconds: number;
  ipAddress: string;
}

export interface NewOffice {
  client: OrgRow;
  type: 'test' | 'production';
  voType: 'cloud' | 'appliance';
  applianceId: number | null;
  runbook: { id: number; name: string } | null;
  gateway: string;
  netmask: string;
  dnsServer: string | null;
  services: string[];
  reason: string | null;
  /** Auto-stop minutes (tests only; production never stops by itself: recovery-flow 4). */
  stopAfterMinutes: number | null;
  systems: OfficeSystem[];
}

/** Whether the client's reseller asks a second person to approve its production failovers. */
export async function approvalRequired(db: Db, resellerId: number): Promise<boolean> {
  const r = await unscoped(db, 'the reseller of a client in scope holds the approval setting')
    .selectFrom('organisations')
    .select('failover_approval')
    .where('id', '=', resellerId)
    .executeTakeFirst();
  return Number(r?.failover_approval ?? 0) === 1;
}

/** Queue the start of a failover (in the caller's transaction) and record its operation. */
export async function queueStart(
  ctx: AppContext,
  trx: Db,
  actor: Actor,
  f: { id: number; reseller_id: number; client_id: number },
) {
  const operationId = await ctx.operations.enqueue(trx, {
    kind: FAILOVER_START,
    input: { failoverId: f.id },
    resellerId: f.reseller_id,
    clientId: f.client_id,
    subjectType: 'failover',
    subjectId: f.id,
    createdBy: actor.userId,
  });
  await scoped(trx, actor)
    .updateTable('failovers')
    .set({ operation_id: operationId })
    .where('id', '=', f.id)
    .execute();
  return operationId;
}

export type CreatedOffice =
  | { failoverId: number; approvalExpiresAt: number | null; existingId?: undefined }
  /** The client has an office already (one per client: recovery-flow 4): nothing was written. */
  | { existingId: number };

/**
 * Write the office and start it or ask for approval. Answers its id and the approval's end, or
 * the office the client already has: the check and the write hold the client's row locked, so
 * requests sent at once, on any instance, start one office.
 */
export async function createOffice(
  ctx: AppContext,
  actor: Actor,
  o: NewOffice,
  ip: string,
): Promise<CreatedOffice> {
  const now = ctx.clock.now();
  const resellerId = Number(o.client.reseller_id);
  const clientId = Number(o.client.id);
  const needsApproval = o.type === 'production' && (await approvalRequired(ctx.dbh.db, resellerId));
  const approvalExpiresAt = needsApproval ? now + APPROVAL_WINDOW_MINUTES * 60_000 : null;
  const stopMinutes = o.type === 'test' && o.stopAfterMinutes ? o.stopAfterMinutes : null;
  const parent = { id: clientId, reseller_id: resellerId, client_id: clientId };
  const created = await ctx.dbh.db.transaction().execute(async (trx) => {
    await lockRow(trx, 'organisations', clientId);
    const existing = await activeFailover(trx, actor, clientId);
    if (existing) return { existingId: Number(existing.id) };
    const row = await scoped(trx, actor, parent)
      .insertInto('failovers')
      .values({
        reseller_id: resellerId,
        client_id: clientId,
        appliance_id: o.applianceId,
        vo_type: o.voType,
        type: o.type,
        phase: needsApproval ? 'awaiting_approval' : 'new',
        runbook_id: o.runbook?.id ?? null,
        runbook_name: o.runbook?.name ?? null,
        gateway: o.gateway,
        netmask: o.netmask,
        dns_server: o.dnsServer,
        services: JSON.stringify(o.services),
        reason: o.reason,
        stop_after_minutes: stopMinutes,
        // The auto-stop counts from the request: the time the person chose (recovery-flow 4).
        stop_at: stopMinutes === null ? null : now + stopMinutes * 60_000,
        office_address: null,
        message: null,
        step: null,
        operation_id: null,
        requested_by: actor.userId,
        requested_by_name: actor.name || actor.username,
        approval_expires_at: approvalExpiresAt,
        decided_by: null,
        decided_by_name: null,
        created_at: now,
        started_at: null,
        ended_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = Number(row.id);
    const positions = new Map<number, number>();
    for (const s of o.systems) {
      const position = (positions.get(s.group) ?? 0) + 1;
      positions.set(s.group, position);
      await scoped(trx, actor, parent)
        .insertInto('failover_systems')
        .values({
          failover_id: id,
          reseller_id: resellerId,
          client_id: clientId,
          system_id: s.systemId,
          name: s.systemName,
          os_type: s.osType,
          restore_point_id: s.restorePointId,
          group_no: s.group,
          position,
          delay_seconds: s.delaySeconds,
          requested_ip: s.ipAddress || null,
          ip_address: null,
          state: 'queued',
          started_at: null,
        })
        .execute();
    }
    const details = {
      client: o.client.name,
      type: o.type,
      vo_type: o.voType,
      runbook: o.runbook?.name ?? null,
      systems: o.systems.map((s) => s.systemName),
      requested_by: actor.name || actor.username,
      stop_after_minutes: stopMinutes,
    };
    if (needsApproval) {
      await audit(trx, now, {
        actor,
        action: 'failover.approval_requested',
        targetType: 'failover',
        targetId: id,
        details: { ...details, reason: o.reason, expires_at: approvalExpiresAt },
        ip,
      });
    } else {
      await queueStart(ctx, trx, actor, { id, reseller_id: resellerId, client_id: clientId });
      await audit(trx, now, {
        actor,
        action: 'failover.start',
        targetType: 'failover',
        targetId: id,
        details,
        ip,
      });
    }
    return { failoverId: id, approvalExpiresAt };
  });
  if (!needsApproval && created.existingId === undefined) ctx.operations.wake();
  return created;
}
