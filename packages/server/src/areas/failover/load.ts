import { ACTIVE_PHASES, type FailoverPhase, FINAL_PHASES, type OfficeAnswer } from '@lifeboat/contract';
import type { Database } from '@lifeboat/db';
import type { Kysely, Selectable } from 'kysely';
import { NotFoundError } from '../../http/errors';
import { type Actor, scoped } from '../../scope';

// Loads what a failover call names inside the actor's scope: another tenant's failover or
// runbook is simply not found (ARCHITECTURE 'Tenancy').

export type Db = Kysely<Database>;
export type FailoverRow = Selectable<Database['failovers']>;
export type RunbookRow = Selectable<Database['runbooks']>;

export async function loadFailover(db: Db, actor: Actor, id: number): Promise<FailoverRow> {
  const row = await scoped(db, actor)
    .selectFrom('failovers')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new NotFoundError('This failover');
  return row;
}

export async function loadRunbook(db: Db, actor: Actor, id: number, clientId?: number): Promise<RunbookRow> {
  const row = await scoped(db, actor)
    .selectFrom('runbooks')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row || (clientId !== undefined && Number(row.client_id) !== clientId))
    throw new NotFoundError('This runbook');
  return row;
}

/** The client's office that runs, starts or waits for approval (showVOExist), if any. */
export async function activeFailover(
  db: Db,
  actor: Actor,
  clientId: number,
): Promise<FailoverRow | undefined> {
  return scoped(db, actor)
    .selectFrom('failovers')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('phase', 'in', [...ACTIVE_PHASES])
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

export const isFinal = (phase: FailoverPhase) => FINAL_PHASES.includes(phase);

/** A client's office network when nothing says otherwise: one /24 per client (the simulator's too). */
export function defaultNetwork(clientId: number): { gateway: string; netmask: string } {
  return { gateway: `10.${100 + (clientId % 100)}.0.1`, netmask: '255.255.255.0' };
}

/** The office as the client details page shows it: its systems in boot order. */
export async function officeOf(db: Db, actor: Actor, f: FailoverRow): Promise<OfficeAnswer> {
  const systems = await scoped(db, actor)
    .selectFrom('failover_systems')
    .selectAll()
    .where('failover_id', '=', f.id)
    .orderBy('group_no')
    .orderBy('position')
    .execute();
  return {
    failover_id: Number(f.id),
    phase: f.phase,
    type: f.type,
    vo_type: f.vo_type,
    appliance_id: f.appliance_id === null ? null : Number(f.appliance_id),
    runbook_id: f.runbook_id === null ? null : Number(f.runbook_id),
    runbook_name: f.runbook_name,
    requested_by: f.requested_by_name,
    approved_by: f.phase === 'refused' ? null : f.decided_by_name,
    created_at: Number(f.created_at),
    started_at: f.started_at === null ? null : Number(f.started_at),
    stop_at: f.stop_at === null ? null : Number(f.stop_at),
    office_address: f.office_address,
    gateway: f.gateway,
    netmask: f.netmask,
    services: parseServices(f.services),
    message: f.message,
    systems: systems.map((s) => ({
      system_id: Number(s.system_id),
      name: s.name,
      os_type: s.os_type,
      group: Number(s.group_no),
      order: Number(s.position),
      state: s.state,
      ip_address: s.ip_address,
      started_at: s.started_at === null ? null : Number(s.started_at),
      has_screenshot: s.state === 'running',
    })),
  };
}

export function parseServices(raw: string): OfficeAnswer['services'] {
  try {
    const v: unknown = JSON.parse(raw);
    return Array.isArray(v) ? (v.filter((x) => typeof x === 'string') as OfficeAnswer['services']) : [];
  } catch {
    return [];
  }
}
