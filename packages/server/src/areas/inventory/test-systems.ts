import type { Database } from '@lifeboat/db';
import type { Insertable, Kysely } from 'kysely';
import { insertSystem } from '../../test/factories';

// Extra protected systems for the inventory's API tests, on top of test/factories' world: by
// default second-generation systems without an appliance (the inventory's usual row).

export type SystemValues = Partial<Insertable<Database['protected_systems']>> & {
  reseller_id: number;
  client_id: number;
  name: string;
};

export function addSystem(db: Kysely<Database>, now: number, v: SystemValues): Promise<number> {
  return insertSystem(db, now, {
    appliance_id: null,
    is_d2c: 0,
    service_gen: 4,
    agent_version: '5.0.0',
    seed: 1,
    ...v,
    name_lc: v.name.toLowerCase(),
  });
}
