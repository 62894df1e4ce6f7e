import type { VmSubject } from '@lifeboat/contract';
import type { Database } from '@lifeboat/db';
import type { Kysely, Selectable } from 'kysely';
import { NotFoundError } from '../../http/errors';
import { type Actor, findInScope, scoped } from '../../scope';

// Loads the device a virtualization call names, on the appliance it names, inside the actor's
// scope (a foreign or mismatched id is a 404), with the facts the virtualization port needs.

export type SystemRow = Selectable<Database['protected_systems']>;
export type LocalVmRow = Selectable<Database['local_vms']>;
export type ApplianceRow = Selectable<Database['appliances']>;

export interface Loaded {
  system: SystemRow;
  appliance: ApplianceRow;
  /** The latest local VM the console started of this system that has not ended. */
  localVm: LocalVmRow | null;
  subject: VmSubject;
}

/** The appliance of a system in scope (a local VM runs there), or 404. */
export async function applianceOfSystem(db: Kysely<Database>, actor: Actor, systemId: number) {
  const system = await findInScope(db, actor, 'protected_systems', systemId, 'This device');
  if (system.appliance_id === null) throw new NotFoundError('This appliance');
  return Number(system.appliance_id);
}

export async function loadVmDevice(
  db: Kysely<Database>,
  actor: Actor,
  applianceId: number,
  systemId: number,
): Promise<Loaded> {
  const system = await findInScope(db, actor, 'protected_systems', systemId, 'This device');
  if (system.appliance_id === null || Number(system.appliance_id) !== applianceId)
    throw new NotFoundError('This appliance');
  const appliance = await findInScope(db, actor, 'appliances', applianceId, 'This appliance');
  const failover = await scoped(db, actor)
    .selectFrom('failover_test_states')
    .select('state')
    .where('system_id', '=', system.id)
    .executeTakeFirst();
  // recovery-flow 4 'VM state check before export': the console's own production office runs
  // this system as a production VM; its export must warn as for any failed-over server.
  const office = await scoped(db, actor)
    .selectFrom('failover_systems as fs')
    .innerJoin('failovers as fo', 'fo.id', 'fs.failover_id')
    .select(['fo.phase', 'fs.state'])
    .where('fs.system_id', '=', system.id)
    .where('fo.type', '=', 'production')
    .where('fo.phase', 'in', ['new', 'started'])
    .orderBy('fo.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const productionFailover = !office
    ? null
    : office.phase === 'started' && office.state === 'running'
      ? 'running'
      : 'starting';
  const localVm =
    (await scoped(db, actor)
      .selectFrom('local_vms')
      .selectAll()
      .where('system_id', '=', system.id)
      .where('status', 'in', ['starting', 'running'])
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst()) ?? null;
  return {
    system,
    appliance,
    localVm,
    subject: subjectOf(system, failover?.state ?? null, localVm, productionFailover),
  };
}

export function subjectOf(
  system: SystemRow,
  failoverState: string | null,
  localVm: Pick<LocalVmRow, 'is_test'> | null,
  productionFailover: VmSubject['productionFailover'] = null,
): VmSubject {
  return {
    systemId: Number(system.id),
    systemName: system.name,
    applianceId: system.appliance_id === null ? null : Number(system.appliance_id),
    seed: Number(system.seed),
    osType: system.os_type,
    deviceType: system.device_type,
    svaJobStatus: system.sva_job_status,
    failoverState,
    productionFailover,
    localVmIsTest: localVm ? Number(localVm.is_test) === 1 : null,
  };
}
