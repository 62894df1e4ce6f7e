import type { createFailoverBody } from '@lifeboat/contract';
import {
  type CreateFailoverAnswer,
  FAILOVER_SERVICE_LABELS,
  FAILOVER_SERVICES,
  type FailoverSetupAnswer,
  type FailoverStatusAnswer,
  type GetFailoverStatusAnswer,
} from '@lifeboat/contract';
import type { z } from 'zod';
import { audit } from '../../audit/audit';
import type { AppContext } from '../../context';
import { ConflictError, NotFoundError } from '../../http/errors';
import { type Actor, findInScope, scoped } from '../../scope';
import { loadClient } from '../recovery/access';
import { activeFailover, type Db, defaultNetwork, isFinal, loadFailover, officeOf } from './load';
import { approvalRequired, createOffice, FAILOVER_STOP, type OfficeSystem } from './start';

// The failover steps of the wizard and the running office (spec: recovery-flow 3 'Failover setup';
// 4 'Failover'; 7 'Discovery', 'Virtual machine and failover'; issue 16.1, 16.3).

const FIRST_TOOL = 2;
const SECOND_TOOL = 4;
const NOT_VIRTUALIZABLE = new Set(['MAC_OS_X', 'NAS']);

interface SystemPick {
  id: number;
  name: string;
  os_type: string;
  appliance_id: number | null;
  is_d2c: number;
  restore_point_id: number | null;
  restore_point_at: number | null;
}

const kindOf = (s: Pick<SystemPick, 'appliance_id' | 'is_d2c'>) =>
  s.appliance_id !== null
    ? ('appliance' as const)
    : Number(s.is_d2c) === 1
      ? ('d2c' as const)
      : ('vault_only' as const);

/** Why a system cannot start in an office, or null. */
export function unavailableReason(s: Pick<SystemPick, 'os_type' | 'restore_point_id'>): string | null {
  if (NOT_VIRTUALIZABLE.has(s.os_type)) return 'This device cannot run as a virtual machine.';
  if (s.restore_point_id === null) return 'This device has no restore point to start from.';
  return null;
}

/** The client's systems of one tool with the latest restore point each would boot from. */
export async function clientSystems(
  db: Db,
  actor: Actor,
  clientId: number,
  gen: number | null,
): Promise<SystemPick[]> {
  const rows = await scoped(db, actor)
    .selectFrom('protected_systems as ps')
    .select(['ps.id', 'ps.name', 'ps.os_type', 'ps.appliance_id', 'ps.is_d2c'])
    .where('ps.client_id', '=', clientId)
    .$if(gen !== null, (q) => q.where('ps.service_gen', '=', gen as number))
    .orderBy('ps.name_lc')
    .orderBy('ps.id')
    .execute();
  const ids = rows.map((r) => Number(r.id));
  const latest = new Map<number, { id: number; at: number }>();
  if (ids.length > 0) {
    const points = await scoped(db, actor)
      .selectFrom('restore_points as rp')
      .select(['rp.id', 'rp.system_id', 'rp.taken_at'])
      .where('rp.system_id', 'in', ids)
      .where('rp.scheduled', '=', 1)
      .orderBy('rp.taken_at', 'desc')
      .execute();
    for (const p of points)
      if (!latest.has(Number(p.system_id)))
        latest.set(Number(p.system_id), { id: Number(p.id), at: Number(p.taken_at) });
  }
  return rows.map((r) => ({
    id: Number(r.id),
    name: r.name,
    os_type: r.os_type,
    appliance_id: r.appliance_id === null ? null : Number(r.appliance_id),
    is_d2c: Number(r.is_d2c),
    restore_point_id: latest.get(Number(r.id))?.id ?? null,
    restore_point_at: latest.get(Number(r.id))?.at ?? null,
  }));
}

/** "{applianceId or 0}": 0 is every appliance (or the cloud); an id must be the client's. */
export async function clientAppliance(db: Db, actor: Actor, clientId: number, raw: string): Promise<number> {
  if (raw === '0') return 0;
  if (!/^\d{1,15}$/.test(raw)) throw new NotFoundError('This appliance');
  const a = await findInScope(db, actor, 'appliances', Number(raw), 'This appliance');
  if (Number(a.client_id) !== clientId) throw new NotFoundError('This appliance');
  return Number(a.id);
}

/** load_brc_failover_setup / load_rb_failover_setup (recovery-flow 3 'Failover setup'). */
export async function failoverSetup(
  ctx: AppContext,
  actor: Actor,
  q: { clientId: number; applianceRaw: string; deviceId: number | null; tool: 'brc' | 'rb' },
): Promise<FailoverSetupAnswer> {
  const db = ctx.dbh.db;
  const client = await loadClient(db, actor, q.clientId);
  const applianceId = q.tool === 'rb' ? 0 : await clientAppliance(db, actor, q.clientId, q.applianceRaw);
  if (q.tool === 'rb' && q.applianceRaw !== '0') throw new NotFoundError('This appliance');
  if (q.deviceId !== null) {
    const d = await findInScope(db, actor, 'protected_systems', q.deviceId, 'This device');
    if (Number(d.client_id) !== q.clientId) throw new NotFoundError('This device');
  }
  const systems = (
    await clientSystems(db, actor, q.clientId, q.tool === 'rb' ? SECOND_TOOL : FIRST_TOOL)
  ).filter((s) => applianceId === 0 || s.appliance_id === applianceId);
  const appliances = await scoped(db, actor)
    .selectFrom('appliances')
    .select(['id', 'name'])
    .where('client_id', '=', q.clientId)
    .$if(applianceId !== 0, (qb) => qb.where('id', '=', applianceId))
    .orderBy('name')
    .execute();
  const existing = await activeFailover(db, actor, q.clientId);
  return {
    client_id: q.clientId,
    client_name: client.name,
    apps: appliances.map((a) => ({
      id: Number(a.id),
      name: a.name,
      devices_count: systems.filter((s) => s.appliance_id === Number(a.id)).length,
    })),
    d2c_count: systems.filter((s) => kindOf(s) === 'd2c').length,
    vault_only_count: systems.filter((s) => kindOf(s) === 'vault_only').length,
    devices: systems.map((s) => {
      const unavailable = unavailableReason(s);
      return {
        id: s.id,
        name: s.name,
        os_type: s.os_type,
        kind: kindOf(s),
        appliance_id: s.appliance_id,
        appliance_name: appliances.find((a) => Number(a.id) === s.appliance_id)?.name ?? null,
        restore_point_at: s.restore_point_at,
        selected: unavailable === null && (q.deviceId === null || q.deviceId === s.id),
        unavailable,
      };
    }),
    services: FAILOVER_SERVICES.map((id) => ({ id, label: FAILOVER_SERVICE_LABELS[id] })),
    ...defaultNetwork(q.clientId),
    approval_required: await approvalRequired(db, Number(client.reseller_id)),
    existing_failover_id: existing ? Number(existing.id) : null,
  };
}

type CreateBody = z.output<typeof createFailoverBody>;

const officeExists = (clientName: string) =>
  `A virtual office of ${clientName} already runs or waits for approval. Stop it before starting another.`;

/** POST /cloud_ajax/create_failover (recovery-flow 7): is_error and errors, or a failover_id. */
export async function createFailover(
  ctx: AppContext,
  actor: Actor,
  body: CreateBody,
  ip: string,
): Promise<CreateFailoverAnswer> {
  const db = ctx.dbh.db;
  const client = await loadClient(db, actor, body.client_id);
  const refuse = (
    errors: Record<string, string>,
    failoverId: number | null = null,
  ): CreateFailoverAnswer => ({
    is_error: true,
    errors,
    failover_id: failoverId,
    approval_expires_at: null,
  });
  // What the request names is checked first: another's appliance or device is not found.
  const appIds = new Set(body.app_ids);
  for (const id of appIds) await clientAppliance(db, actor, body.client_id, String(id));
  const chosen = new Set(body.system_ids ?? []);
  const all = await clientSystems(db, actor, body.client_id, null);
  for (const id of chosen) if (!all.some((s) => s.id === id)) throw new NotFoundError('This device');
  const existing = await activeFailover(db, actor, body.client_id);
  if (existing) return refuse({ office: officeExists(client.name) }, Number(existing.id));
  const picked = all.filter((s) => {
    const kind = kindOf(s);
    const byKind =
      (kind === 'appliance' && appIds.has(s.appliance_id as number)) ||
      (kind === 'd2c' && body.d2c_selected) ||
      (kind === 'vault_only' && body.vault_only_selected);
    return chosen.size > 0 ? chosen.has(s.id) : byKind && unavailableReason(s) === null;
  });
  if (picked.length === 0) return refuse({ devices: 'Choose at least one device to start.' });
  const blocked = picked
    .map((s) => [s.name, unavailableReason(s)] as const)
    .filter(([, why]) => why !== null);
  if (blocked.length > 0) return refuse({ devices: blocked.map(([n, why]) => `${n}: ${why}`).join(' ') });
  const applianceId = body.virtualization_type === 'appliance' ? ([...appIds][0] ?? null) : null;
  if (body.virtualization_type === 'appliance' && (applianceId === null || appIds.size !== 1))
    return refuse({ app_ids: 'Choose the one appliance that runs the virtual office.' });
  const systems: OfficeSystem[] = picked.map((s) => ({
    systemId: s.id,
    systemName: s.name,
    osType: s.os_type,
    applianceId: s.appliance_id,
    restorePointId: s.restore_point_id,
    group: 1,
    delaySeconds: 0,
    ipAddress: '',
  }));
  const created = await createOffice(
    ctx,
    actor,
    {
      client,
      type: body.type,
      voType: body.virtualization_type,
      applianceId,
      runbook: null,
      gateway: body.gateway,
      netmask: body.netmask,
      dnsServer: body.dns_server || null,
      services: body.selected_services,
      reason: body.reason || null,
      stopAfterMinutes: body.stop_after_minutes || null,
      systems,
    },
    ip,
  );
  if (created.existingId !== undefined)
    return refuse({ office: officeExists(client.name) }, created.existingId);
  return {
    is_error: false,
    errors: {},
    failover_id: created.failoverId,
    approval_expires_at: created.approvalExpiresAt,
  };
}

/** GET failover_status/{failoverId}: the phase the wizard polls. */
export async function failoverStatus(
  ctx: AppContext,
  actor: Actor,
  id: number,
): Promise<FailoverStatusAnswer> {
  const f = await loadFailover(ctx.dbh.db, actor, id);
  return {
    failover_id: Number(f.id),
    client_id: Number(f.client_id),
    phase: f.phase,
    type: f.type,
    percent: Number(f.percent),
    step: f.step,
    message: f.message,
  };
}

/** GET /client/get_failover_status/{clientId}/{applianceId}: the running office and the last ones. */
export async function clientOffice(
  ctx: AppContext,
  actor: Actor,
  clientId: number,
  applianceRaw: string,
): Promise<GetFailoverStatusAnswer> {
  const db = ctx.dbh.db;
  const client = await loadClient(db, actor, clientId);
  const applianceId = await clientAppliance(db, actor, clientId, applianceRaw);
  const onAppliance = <T extends { appliance_id: number | null }>(f: T) =>
    applianceId === 0 || Number(f.appliance_id) === applianceId;
  const active = await activeFailover(db, actor, clientId);
  const recent = await scoped(db, actor)
    .selectFrom('failovers')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('phase', 'in', ['finished', 'failed', 'refused', 'expired'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(5)
    .execute();
  return {
    client_id: clientId,
    client_name: client.name,
    office: active && onAppliance(active) ? await officeOf(db, actor, active) : null,
    recent: recent.filter(onAppliance).map((f) => ({
      failover_id: Number(f.id),
      phase: f.phase,
      type: f.type,
      created_at: Number(f.created_at),
      ended_at: f.ended_at === null ? null : Number(f.ended_at),
      message: f.message,
      requested_by: f.requested_by_name,
      withdrawn:
        f.phase === 'refused' && f.decided_by !== null && Number(f.decided_by) === Number(f.requested_by),
    })),
  };
}

/** POST /cloud_ajax/stop_failover: a person stops a running office (audited). */
export async function stopFailover(ctx: AppContext, actor: Actor, id: number, ip: string) {
  const db = ctx.dbh.db;
  const f = await loadFailover(db, actor, id);
  if (isFinal(f.phase)) throw new ConflictError('This virtual office has already ended.');
  if (f.phase === 'awaiting_approval')
    throw new ConflictError(
      'This failover has not started: withdraw the request if you asked for it, or refuse it.',
    );
  if (f.phase === 'new')
    throw new ConflictError('This virtual office is still starting. Stop it once it runs.');
  if (f.ended_at !== null) throw new ConflictError('This virtual office is already stopping.');
  const now = ctx.clock.now();
  await db.transaction().execute(async (trx) => {
    await scoped(trx, actor).updateTable('failovers').set({ ended_at: now }).where('id', '=', f.id).execute();
    await ctx.operations.enqueue(trx, {
      kind: FAILOVER_STOP,
      input: { failoverId: Number(f.id), reason: 'stopped' },
      resellerId: Number(f.reseller_id),
      clientId: Number(f.client_id),
      subjectType: 'failover',
      subjectId: Number(f.id),
      createdBy: actor.userId,
    });
    await audit(trx, now, {
      actor,
      action: 'failover.stop',
      targetType: 'failover',
      targetId: Number(f.id),
      details: { type: f.type, runbook: f.runbook_name, stopped_by: actor.name || actor.username },
      ip,
    });
  });
  ctx.operations.wake();
  return { ok: true as const, failover_id: Number(f.id) };
}

/** The console screen of a running system of an office. */
export async function officeScreenshot(ctx: AppContext, actor: Actor, failoverId: number, systemId: number) {
  const db = ctx.dbh.db;
  const f = await loadFailover(db, actor, failoverId);
  const s = await scoped(db, actor)
    .selectFrom('failover_systems')
    .selectAll()
    .where('failover_id', '=', f.id)
    .where('system_id', '=', systemId)
    .executeTakeFirst();
  if (s?.state !== 'running') throw new NotFoundError('This screenshot');
  return ctx.ports.failover.officeScreenshot({
    failoverId: Number(f.id),
    systemId: Number(s.system_id),
    hostname: s.name.toLowerCase(),
    osType: s.os_type,
    width: 800,
    height: 600,
  });
}
