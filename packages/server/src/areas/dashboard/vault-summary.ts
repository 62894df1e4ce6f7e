import type { DashboardVaultRow } from '@lifeboat/contract';
import { ReuseCache } from '../../cache/reuse-cache';
import type { AppContext } from '../../context';
import type { Owner } from './owner';
import { ownerCondition } from './owner';
import { worstHealth } from './rollup';

// The owner's vaults: those its systems copy to (shared cloud vaults included) and, for a
// reseller, its own private vaults even when empty. Workstations and servers count only the
// owner's systems: a shared cloud vault never reveals other resellers' numbers.

const cache = new ReuseCache<DashboardVaultRow[]>(2000);

export function loadVaultSummary(ctx: AppContext, owner: Owner): Promise<DashboardVaultRow[]> {
  return cache.get(`${owner.kind}:${owner.id}`, ctx.clock.now(), () => readVaults(ctx, owner));
}

async function readVaults(ctx: AppContext, owner: Owner): Promise<DashboardVaultRow[]> {
  const db = ctx.dbh.db;
  const groups = await db
    .selectFrom('protected_systems as ps')
    .innerJoin('system_vaults as sv', 'sv.system_id', 'ps.id')
    .select(['sv.vault_id', 'ps.device_type', 'ps.health_status', (eb) => eb.fn.countAll<number>().as('n')])
    .where(ownerCondition(owner, 'ps'))
    .groupBy(['sv.vault_id', 'ps.device_type', 'ps.health_status'])
    .execute();
  const ids = [...new Set(groups.map((g) => Number(g.vault_id)))];
  const vaults = await db
    .selectFrom('vaults')
    .select(['id', 'name', 'vault_type'])
    .where((eb) => {
      const used = ids.length ? eb('id', 'in', ids) : eb.lit(false);
      return owner.clientId === null ? eb.or([used, eb('reseller_id', '=', owner.resellerId)]) : used;
    })
    .execute();
  return vaults
    .map((v) => {
      const mine = groups.filter((g) => Number(g.vault_id) === Number(v.id));
      const count = (type: string) =>
        mine.filter((g) => g.device_type === type).reduce((sum, g) => sum + Number(g.n), 0);
      return {
        id: Number(v.id),
        name: v.name,
        vault_type: v.vault_type,
        health_status: mine.length ? worstHealth(mine.map((g) => g.health_status)) : 'NODATA',
        workstations: count('workstation'),
        servers: count('server') + count('nas'),
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
}
