import type { RestorePointRef } from '@lifeboat/contract';
import type { Database } from '@lifeboat/db';
import type { Kysely, Selectable } from 'kysely';
import { NotFoundError } from '../../http/errors';
import { type Actor, findInScope, scoped } from '../../scope';

// What every call of the ftps area loads first: a second-tool system, an appliance filter and a
// cloud restore point of the actor's scope (anything else is not found), and the files port's
// reference to that point.

export type Db = Kysely<Database>;
export type SystemRow = Selectable<Database['protected_systems']>;
export const SECOND_TOOL = 4;

/** A second-tool system of the actor's scope; anything else is not found. */
export async function loadRbSystem(db: Db, actor: Actor, id: number): Promise<SystemRow> {
  const system = await findInScope(db, actor, 'protected_systems', id, 'This device');
  if (Number(system.service_gen) !== SECOND_TOOL) throw new NotFoundError('This device');
  return system;
}

/** An appliance filter (0: every appliance) must name an appliance of the client (else 404). */
export async function checkAppliance(
  db: Db,
  actor: Actor,
  clientId: number,
  applianceId: number,
): Promise<void> {
  if (applianceId === 0) return;
  const appliance = await findInScope(db, actor, 'appliances', applianceId, 'This appliance');
  if (Number(appliance.client_id) !== clientId) throw new NotFoundError('This appliance');
}

/** A cloud restore point of the system; anything else is not found. */
export async function loadCloudPoint(db: Db, actor: Actor, system: SystemRow, id: number) {
  const point = await scoped(db, actor)
    .selectFrom('restore_points')
    .select(['id', 'taken_at'])
    .where('id', '=', id)
    .where('system_id', '=', system.id)
    .where('is_cloud', '=', 1)
    .executeTakeFirst();
  if (!point) throw new NotFoundError('This restore point');
  return point;
}

/** The files port's reference to a cloud restore point of the system. */
export function pointRef(system: SystemRow, point: { id: unknown; taken_at: unknown }): RestorePointRef {
  return {
    systemId: Number(system.id),
    applianceId: null,
    restorePointId: Number(point.id),
    takenAt: Number(point.taken_at),
    seed: Number(system.seed),
    osType: system.os_type,
    deviceType: system.device_type,
    hostname: system.hostname,
    sourceId: system.source_id === null ? null : Number(system.source_id),
  };
}

export async function latestCloudPoint(db: Db, actor: Actor, systemId: number): Promise<number | null> {
  const r = await scoped(db, actor)
    .selectFrom('restore_points')
    .select((eb) => eb.fn.max('taken_at').as('at'))
    .where('system_id', '=', systemId)
    .where('is_cloud', '=', 1)
    .executeTakeFirst();
  return r?.at === null || r?.at === undefined ? null : Number(r.at);
}
