import type { DashboardCountAnswer, DashboardTable } from '@lifeboat/contract';
import type { AppContext } from '../../context';
import { ownedBy, scoped } from '../../scope';
import { plural } from './format';
import type { Owner } from './owner';
import { ownerTotals } from './rollup';
import { TABLE_DEFS } from './table-config';
import { countVaults } from './vault-summary';

/** GET /{count_url}/{id}: how many rows the table has before filters, and its label. */
export async function countTable(
  ctx: AppContext,
  owner: Owner,
  table: DashboardTable,
): Promise<DashboardCountAnswer> {
  const count =
    table === 'protected_systems'
      ? (await ownerTotals(ctx.dbh.db, owner)).systems
      : table === 'appliances'
        ? Number(
            (
              await scoped(ctx.dbh.db, owner.actor)
                .within(ownedBy(owner.row, 'a'))
                .selectFrom('appliances as a')
                .select((eb) => eb.fn.countAll<number>().as('n'))
                .executeTakeFirstOrThrow()
            ).n,
          )
        : await countVaults(ctx, owner);
  const [one, many] = TABLE_DEFS[table].noun;
  return { count, count_label: plural(count, one, many) };
}
