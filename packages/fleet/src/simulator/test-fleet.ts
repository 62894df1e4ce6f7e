import type { Database } from '@lifeboat/db';
import type { Insertable, Kysely } from 'kysely';

// A handful of rows for the simulator's tests: one reseller and client, an appliance, a vault,
// and systems made to order. Not used by the simulator itself.

export interface TinyFleet {
  resellerId: number;
  clientId: number;
  applianceId: number;
  vaultId: number;
}

export async function tinyFleet(db: Kysely<Database>, now: number): Promise<TinyFleet> {
  const org = async (
    kind: 'reseller' | 'client',
    name: string,
    parent: number | null,
    reseller: number | null,
  ) =>
    Number(
      (
        await db
          .insertInto('organisations')
          .values({
            kind,
            name,
            name_lc: name.toLowerCase(),
            parent_id: parent,
            reseller_id: reseller,
            distributor_id: null,
            email: null,
            created_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  const resellerId = await org('reseller', 'Harbour IT', null, null);
  await db
    .updateTable('organisations')
    .set({ reseller_id: resellerId })
    .where('id', '=', resellerId)
    .execute();
  const clientId = await org('client', 'Dockside Ltd', resellerId, resellerId);
  const applianceId = Number(
    (
      await db
        .insertInto('appliances')
        .values({
          reseller_id: resellerId,
          client_id: clientId,
          sid: 'sid-1',
          name: 'APP-1',
          name_lc: 'app-1',
          model_name: 'S5-4T',
          license_type: 'storage',
          license_name: 'Storage',
          version: '3.2.1',
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  );
  const vaultId = Number(
    (
      await db
        .insertInto('vaults')
        .values({ reseller_id: null, name: 'Cloud EU', vault_type: 'cloud', created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  );
  return { resellerId, clientId, applianceId, vaultId };
}

export type SystemOverrides = Partial<Insertable<Database['protected_systems']>>;

/** A Windows server on the appliance with one job; returns its id and the job's id. */
export async function addSystem(db: Kysely<Database>, f: TinyFleet, now: number, o: SystemOverrides = {}) {
  const name = o.name ?? `SRV-${Math.round(Math.random() * 1e9)}`;
  const id = Number(
    (
      await db
        .insertInto('protected_systems')
        .values({
          reseller_id: f.resellerId,
          client_id: f.clientId,
          appliance_id: f.applianceId,
          name,
          name_lc: name.toLowerCase(),
          hostname: name.toLowerCase(),
          device_type: 'server',
          os_type: 'WINDOWS',
          os_name: 'Windows Server 2022',
          service_gen: 4,
          agent_version: '4.1.0',
          package_name: 'Server',
          license_name: 'Server',
          health_status: 'NORMAL',
          health_changed_at: now - 86_400_000,
          last_rp_at: now - 3_600_000,
          next_backup_at: now - 1000,
          backup_interval_minutes: 60,
          seed: 1234,
          created_at: now - 30 * 86_400_000,
          ...o,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  );
  const jobId = Number(
    (
      await db
        .insertInto('jobs')
        .values({ system_id: id, name: 'Full system', type: 'SERVER_ALIVE_BMR', drives: '["C:"]' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  );
  return { id, jobId };
}
