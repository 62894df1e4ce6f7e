import type { ShareRequest } from '@lifeboat/contract';
import type { Database } from '@lifeboat/db';
import type { Kysely, Selectable } from 'kysely';
import { unscoped } from '../../scope';
import { pointRef } from './access';

export type ShareRow = Selectable<Database['cifs_shares']>;

/** What the fabric needs to know about a share row: the point, the appliance and the names. */
export async function shareRequest(db: Kysely<Database>, share: ShareRow): Promise<ShareRequest | null> {
  // The share was loaded already: in the actor's scope by a call, or by a worker.
  const owner = unscoped(db, 'the system and appliance of a share already loaded');
  const system = await owner
    .selectFrom('protected_systems')
    .selectAll()
    .where('id', '=', share.system_id)
    .executeTakeFirst();
  const appliance = await owner
    .selectFrom('appliances')
    .select(['id', 'name'])
    .where('id', '=', share.appliance_id ?? 0)
    .executeTakeFirst();
  if (!system || !appliance) return null;
  return {
    shareId: Number(share.id),
    point: pointRef({
      system,
      point: { id: share.restore_point_id, taken_at: share.rp_taken_at },
      applianceId: Number(appliance.id),
    }),
    applianceId: Number(appliance.id),
    applianceName: appliance.name,
    systemName: system.name,
    drive: share.drive,
    format: share.format,
  };
}
