import type { Database } from '@lifeboat/db';
import type { Insertable, Kysely } from 'kysely';

// Extra protected systems for the inventory's API tests, on top of test/factories' world.

export type SystemValues = Partial<Insertable<Database['protected_systems']>> & {
  reseller_id: number;
  client_id: number;
  name: string;
};

export async function addSystem(db: Kysely<Database>, now: number, v: SystemValues): Promise<number> {
  const row = await db
    .insertInto('protected_systems')
    .values({
      appliance_id: null,
      hostname: v.name.toLowerCase(),
      device_type: 'server',
      os_type: 'WINDOWS',
      os_name: 'Windows Server 2022',
      service_gen: 4,
      agent_version: '5.0.0',
      package_name: 'Server',
      license_name: 'Server',
      health_status: 'NORMAL',
      health_changed_at: now,
      next_backup_at: now + 3_600_000,
      backup_interval_minutes: 60,
      seed: 1,
      created_at: now,
      ...v,
      name_lc: v.name.toLowerCase(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}
