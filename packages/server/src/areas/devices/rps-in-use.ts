import type { RpsInUseAnswer } from '@lifeboat/contract';
import type { Database } from '@lifeboat/db';
import { type Kysely, sql } from 'kysely';
import { NotFoundError } from '../../http/errors';
import { type Actor, findInScope, ofSystems, parseId, scoped } from '../../scope';
import { loadDevice } from './device';

// GET /{entityType}/get_rps_in_use/{entityId} (spec: dashboard-device-azure 3 'Restore points in
// use'): restore points held by a mount, share or export, for a device or an appliance.

export const RPS_IN_USE_LIMIT = 200;
export const ENTITY_TYPES = ['device', 'appliance'] as const;

const COLUMNS = [
  { key: 'machine_name', label: 'Protected system' },
  { key: 'machine_agent_version', label: 'Agent' },
  { key: 'rp', label: 'Restore point' },
];

export async function rpsInUse(
  db: Kysely<Database>,
  actor: Actor,
  entityType: string,
  rawId: string,
): Promise<RpsInUseAnswer> {
  let systems: { id: number }[];
  let entity: { text: string; name: string; target_link: string };
  if (entityType === 'device') {
    const d = await loadDevice(db, actor, rawId);
    systems = [d];
    entity = { text: 'Protected system', name: d.name, target_link: `/device/details/${d.id}` };
  } else if (entityType === 'appliance') {
    const id = parseId(rawId, 'This appliance');
    const a = await findInScope(db, actor, 'appliances', id, 'This appliance');
    systems = await scoped(db, actor)
      .selectFrom('protected_systems as s')
      .select('s.id')
      .where('s.appliance_id', '=', a.id)
      .execute();
    entity = { text: 'Appliance', name: a.name, target_link: `/appliance/details/${a.id}` };
  } else throw new NotFoundError('This address');
  // The partial index rp_in_use (migration 003_device) holds only the points in use.
  const rows =
    systems.length === 0
      ? []
      : await scoped(db, actor)
          .within(ofSystems(systems, 'rp'))
          .selectFrom('restore_points as rp')
          .innerJoin('protected_systems as s', 's.id', 'rp.system_id')
          .select(['s.id', 's.name', 's.agent_version', 's.device_type', 'rp.taken_at'])
          // A literal, not a parameter, so the planner can use the partial index.
          .where(sql<boolean>`rp.in_use = 1`)
          .orderBy('rp.taken_at', 'desc')
          .limit(RPS_IN_USE_LIMIT)
          .execute();
  return {
    ok: true,
    data: {
      columns: COLUMNS,
      entity,
      rps_in_use: rows.map((r) => ({
        machine_id: Number(r.id),
        machine_name: r.name,
        machine_agent_version: r.agent_version,
        icon: r.device_type,
        rp: Number(r.taken_at),
      })),
      total: rows.length,
    },
    error: null,
  };
}
