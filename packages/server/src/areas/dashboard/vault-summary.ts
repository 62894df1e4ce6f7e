import type { DashboardVaultRow } from '@lifeboat/contract';
import type { AppContext } from '../../context';
import { scoped, vaultRollupOf, vaultsJoinedOf, vaultsOf } from '../../scope';
import { vaultFigures } from '../entities/vault-counts';
import type { Owner } from './owner';
import { worstOfCounts } from './rollup';

// The owner's vaults: those its systems copy to (shared cloud vaults included) and, for a
// reseller, its own private vaults even when empty. Workstations and servers count only the
// owner's systems: a shared cloud vault never reveals other resellers' numbers. The counts come
// from client_vault_rollups (migration 009): the owner's rows of each vault, summed with the
// Vaults page's one definition (entities/vault-counts.ts).

export async function loadVaultSummary(ctx: AppContext, owner: Owner): Promise<DashboardVaultRow[]> {
  // The vault is vouched for by the owner's rollup rows joined to it (or, for a reseller, by
  // being its own): the join and the condition come from scope/ together.
  const figures = vaultFigures('cv');
  const rows = await scoped(ctx.dbh.db, owner.actor)
    .within(vaultsJoinedOf(owner.row, 'v', 'cv'))
    .selectFrom('vaults as v')
    .leftJoin('client_vault_rollups as cv', (j) => j.on(vaultRollupOf(owner.row, 'cv', 'v')))
    .select((eb) => [
      'v.id',
      'v.name',
      'v.vault_type',
      figures.workstations,
      figures.servers,
      eb.fn.coalesce(eb.fn.sum<number>('cv.h_troubled'), eb.lit(0)).as('h_troubled'),
      eb.fn.coalesce(eb.fn.sum<number>('cv.h_warned'), eb.lit(0)).as('h_warned'),
      eb.fn.coalesce(eb.fn.sum<number>('cv.h_normal'), eb.lit(0)).as('h_normal'),
      eb.fn.coalesce(eb.fn.sum<number>('cv.h_nodata'), eb.lit(0)).as('h_nodata'),
      eb.fn.coalesce(eb.fn.sum<number>('cv.h_unprotected'), eb.lit(0)).as('h_unprotected'),
      eb.fn.coalesce(eb.fn.sum<number>('cv.h_parked'), eb.lit(0)).as('h_parked'),
    ])
    .groupBy(['v.id', 'v.name', 'v.vault_type'])
    .execute();
  return rows
    .map((v) => ({
      id: Number(v.id),
      name: v.name,
      vault_type: v.vault_type,
      health_status: worstOfCounts(v),
      workstations: Number(v.workstations),
      servers: Number(v.servers),
    }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
}

/** How many vaults the table lists (the at-a-glance link and the count call). */
export async function countVaults(ctx: AppContext, owner: Owner): Promise<number> {
  const row = await scoped(ctx.dbh.db, owner.actor)
    .within(vaultsOf(owner.row, 'v'))
    .selectFrom('vaults as v')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
