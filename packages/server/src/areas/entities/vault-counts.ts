import type { Database } from '@lifeboat/db';
import { type Kysely, sql } from 'kysely';
import { type Actor, ownedBy, scoped } from '../../scope';

// Workstations and servers per vault (spec: dashboard 3 'Vault row'), counted over the actor's
// own systems. They come from client_vault_rollups (migration 009, kept by triggers), summed over
// the actor's rows of the page's vaults only: a shared cloud vault of ~20,000 systems costs one
// row per client that uses it, and nothing is cached.

/** A reseller or client whose systems are counted (the dashboard's owner). */
export type VaultOwner = Parameters<typeof ownedBy>[0];

export interface VaultCounts {
  workstations: number;
  servers: number;
}

/**
 * The vault row's two figures from its rollup rows `cv`, the one definition the dashboard's vault
 * table and the Vaults page share: the row has two columns, so a NAS counts with the servers and
 * every system counts once.
 */
export function vaultFigures(cv: string) {
  return {
    workstations: sql<number>`coalesce(sum(${sql.ref(`${cv}.workstations`)}), 0)`.as('workstations'),
    servers: sql<number>`coalesce(sum(${sql.ref(`${cv}.servers`)} + ${sql.ref(`${cv}.nas`)}), 0)`.as(
      'servers',
    ),
  };
}

/** The figures of the given vaults, over the actor's rows, or one owner's when given. */
export async function vaultDeviceCounts(
  db: Kysely<Database>,
  actor: Actor,
  vaultIds: number[],
  owner: VaultOwner | null = null,
): Promise<Map<number, VaultCounts>> {
  if (vaultIds.length === 0) return new Map();
  const f = vaultFigures('cv');
  const rows = await (owner ? scoped(db, actor).within(ownedBy(owner, 'cv')) : scoped(db, actor))
    .selectFrom('client_vault_rollups as cv')
    .select(['cv.vault_id', f.workstations, f.servers])
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
