import type { DashboardCountAnswer, DashboardTable } from '@lifeboat/contract';
import type { AppContext } from '../../context';
import { loadApplianceRows } from './entity-tables';
import { plural } from './format';
import type { Owner } from './owner';
import { loadRollup } from './rollup';
import { TABLE_DEFS } from './table-config';
import { loadVaultSummary } from './vault-summary';

/** GET /{count_url}/{id}: how many rows the table has before filters, and its label. */
export async function countTable(
  ctx: AppContext,
  owner: Owner,
  table: DashboardTable,
): Promise<DashboardCountAnswer> {
  const count =
    table === 'protected_systems'
      ? (await loadRollup(ctx.dbh.db, owner, ctx.clock.now())).systems.length
      : table === 'appliances'
        ? (await loadApplianceRows(ctx, owner)).length
        : (await loadVaultSummary(ctx, owner)).length;
  const [one, many] = TABLE_DEFS[table].noun;
  return { count, count_label: plural(count, one, many) };
}
