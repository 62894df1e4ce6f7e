import type { Database } from '@lifeboat/db';
import type { Kysely } from 'kysely';
import { type Actor, scoped } from '../../scope';

// Workstations and servers per vault (spec: dashboard 3 'Vault row'), counted over the actor's
// own systems. They come from client_vault_rollups (migration 009, kept by triggers), summed over
// the actor's rows of the page's vaults only: a shared cloud vault of ~20,000 systems costs one
// row per client that uses it, and nothing is cached.

export interface VaultCounts {
  workstations: number;
  servers: number;
}

export async function vaultDeviceCounts(
  db: Kysely<Database>,
  actor: Actor,
  vaultIds: number[],
): Promise<Map<number, VaultCounts>> {
  if (vaultIds.length === 0) return new Map();
  const rows = await scoped(db, actor)
    .selectFrom('client_vault_rollups as cv')
    .select((eb) => [
      'cv.vault_id',
      eb.fn.sum<number>('cv.workstations').as('workstations'),
      eb.fn.sum<number>('cv.servers').as('servers'),
    ])
    .where('cv.vault_id', 'in', vaultIds)
    .groupBy('cv.vault_id')
    .execute();
  return new Map(
    rows.map((r) => [
      Number(r.vault_id),
      { workstations: Number(r.workstations ?? 0), servers: Number(r.servers ?? 0) },
    ]),
  );
}
