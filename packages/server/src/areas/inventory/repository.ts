import { type InventoryType, VM_ACTIONS, type VmAction } from '@lifeboat/contract';
import type { Database } from '@lifeboat/db';
import { type Kysely, type SqlBool, sql } from 'kysely';
import { BadRequestError } from '../../http/errors';
import { FLEET_TICK } from '../../operations/fleet-tick';
import { ofSystems, type Scoped, scoped, unscoped } from '../../scope';
import { nameContains, narrowScope } from '../../search/name-search';
import { type InventoryScope, typeCondition } from './scope-filter';

// Reads of the device inventory. Pages are keyset-paged on (name_lc, id), so page 50 costs what
// page 1 costs, and the scope, the type and a name prefix are all conditions an index serves.

export const VM_OPERATION = 'inventory.vm';

export interface Cursor {
  name: string;
  id: number;
}

export function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify([c.name, c.id])).toString('base64url');
}

export function decodeCursor(raw: string | undefined): Cursor | null {
  if (!raw) return null;
  try {
    const v: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    if (Array.isArray(v) && typeof v[0] === 'string' && Number.isSafeInteger(v[1]))
      return { name: v[0], id: v[1] as number };
  } catch {
    // Falls through to the error below.
  }
  throw new BadRequestError('This list position is not valid any more. Reload the list.');
}

export interface ListFilter {
  scope: InventoryScope;
  type: InventoryType;
  search?: string;
  after: Cursor | null;
  limit: number;
}

export type SystemListRow = Awaited<ReturnType<typeof listSystems>>[number];

/** One page of systems, with their client's name and flags and their appliance's state. */
export async function listSystems(db: Kysely<Database>, f: ListFilter) {
  let q = scoped(db, f.scope.actor)
    .within(f.scope.listWhere)
    .selectFrom('protected_systems as ps')
    // CROSS JOIN: SQLite keeps the systems as the outer loop (read in name order through the
    // scope's index) instead of walking every organisation and sorting; the same join elsewhere.
    .crossJoin('organisations as c')
    .leftJoin('appliances as a', 'a.id', 'ps.appliance_id')
    .whereRef('c.id', '=', 'ps.client_id')
    .select([
      'ps.id',
      'ps.name',
      'ps.name_lc',
      'ps.client_id',
      'ps.reseller_id',
      'ps.appliance_id',
      'ps.device_type',
      'ps.os_name',
      'ps.health_status',
      'ps.last_rp_at',
      'ps.vault_only',
      'ps.service_gen',
      'ps.sva_job_status',
      'ps.currently_running',
      'ps.stoppable',
      'ps.agent_version',
      'c.name as client_name',
      'a.name as appliance_name',
      'a.online as appliance_online',
      // A VM the recovery wizard started on the appliance (virtualization area): the console manages it.
      sql<number>`(select count(*) from local_vms lv where lv.system_id = ps.id and lv.status = 'running')`.as(
        'local_vm',
      ),
    ])
    .where(typeCondition(f.type));
  // One reseller's or client's systems (a scope key r:/c:, spec of scope-filter.ts) are narrow.
  const narrow = narrowScope(f.scope.actor) || /^[rc]:/.test(f.scope.key);
  const search = await nameContains(db, 'protected_systems', 'ps', f.search, { narrow });
  if (search) q = q.where(search);
  if (f.after) q = q.where(sql<SqlBool>`(ps.name_lc, ps.id) > (${f.after.name}, ${f.after.id})`);
  return q.orderBy('ps.name_lc').orderBy('ps.id').limit(f.limit).execute();
}

/** The vault each vault-virtualized system's VM runs in (its first linked vault); systems read in scope. */
export async function vaultsOf(s: Scoped, systems: { id: number }[]): Promise<Map<number, number>> {
  if (systems.length === 0) return new Map();
  const rows = await s
    .within(ofSystems(systems, 'system_vaults'))
    .selectFrom('system_vaults')
    .select(['system_id', (eb) => eb.fn.min('vault_id').as('vault_id')])
    .groupBy('system_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.system_id), Number(r.vault_id)]));
}

export interface PendingVm {
  action: VmAction;
  operation_id: number;
}

/** VM actions queued or running, by system. */
export async function pendingVmActions(s: Scoped, systemIds: number[]): Promise<Map<number, PendingVm>> {
  if (systemIds.length === 0) return new Map();
  const rows = await s
    .selectFrom('operations')
    .select(['id', 'subject_id', 'input'])
    .where('subject_type', '=', 'protected_system')
    .where('subject_id', 'in', systemIds)
    .where('kind', '=', VM_OPERATION)
    .where('status', 'in', ['queued', 'running'])
    .execute();
  const out = new Map<number, PendingVm>();
  for (const r of rows) {
    const action = (JSON.parse(r.input) as { action?: string }).action;
    const known = VM_ACTIONS.find((a) => a === action);
    if (known && r.subject_id !== null)
      out.set(Number(r.subject_id), { action: known, operation_id: Number(r.id) });
  }
  return out;
}

export interface TypeCounts {
  byDeviceType: Record<string, number>;
  virtualized: number;
  vaultVirtualized: number;
}

/** Per-type counts of a slice of the fleet: two grouped reads, each answered from an index. */
export async function countTypes(db: Kysely<Database>, scope: InventoryScope): Promise<TypeCounts> {
  const s = scoped(db, scope.actor).within(scope.where);
  const byType = await s
    .selectFrom('protected_systems as ps')
    .select(['ps.device_type', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('ps.device_type')
    .execute();
  const virt = await s
    .selectFrom('protected_systems as ps')
    .select([
      sql<number>`case when ps.appliance_id is null then 1 else 0 end`.as('in_vault'),
      (eb) => eb.fn.countAll<number>().as('n'),
    ])
    .where(sql<SqlBool>`ps.sva_job_status is not null`)
    .groupBy(sql`case when ps.appliance_id is null then 1 else 0 end`)
    .execute();
  return {
    byDeviceType: Object.fromEntries(byType.map((r) => [r.device_type, Number(r.n)])),
    virtualized: Number(virt.find((r) => Number(r.in_vault) === 0)?.n ?? 0),
    vaultVirtualized: Number(virt.find((r) => Number(r.in_vault) === 1)?.n ?? 0),
  };
}

/**
 * When the fleet's health was last evaluated: the end of the latest finished tick. Ticks run one
 * at a time (the schedule starts no run while one is in flight), so the newest succeeded id is
 * the latest end; reading back from the newest id finds it among the last few rows.
 */
export async function lastHealthCheck(db: Kysely<Database>): Promise<number | null> {
  const row = await unscoped(db, "the fleet tick is the platform's, not a tenant's")
    .selectFrom('operations')
    .select('finished_at')
    .where('kind', '=', FLEET_TICK)
    .where('status', '=', 'succeeded')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.finished_at != null ? Number(row.finished_at) : null;
}
