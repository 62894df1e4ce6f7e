import {
  type DashboardFilterOption,
  type DashboardPageData,
  type DashboardTable,
  HEALTH_LABELS,
  QUICK_FILTERS,
} from '@lifeboat/contract';
import type { AppContext } from '../../context';
import { NotFoundError } from '../../http/errors';
import { type Actor, clientsOf, ownedBy, ownLogin, scoped } from '../../scope';
import type { Owner } from './owner';
import { blockConfig, filtersFor } from './table-config';

// What the spec gives the page without a call (spec 3 'Reseller page data'), in one answer.

const RESELLER_DASHBOARD_HELP_KEY = 'rmc_dashboard';

export async function pageData(ctx: AppContext, owner: Owner, actor: Actor): Promise<DashboardPageData> {
  const s = scoped(ctx.dbh.db, actor);
  const user = await s
    .within(ownLogin(actor))
    .selectFrom('users')
    .select('refresh_rate_minutes')
    .executeTakeFirst();
  const appliance = await s
    .within(ownedBy(owner.row, 'a'))
    .selectFrom('appliances as a')
    .select('a.id')
    .limit(1)
    .executeTakeFirst();
  return {
    owner: owner.kind,
    reseller_id: owner.resellerId,
    client_id: owner.clientId,
    name: owner.name,
    filters: QUICK_FILTERS.map((value) => ({ key: 'health_status', label: HEALTH_LABELS[value], value })),
    protected_system: blockConfig(owner.kind, owner.id, 'protected_systems'),
    appliance: blockConfig(owner.kind, owner.id, 'appliances'),
    vault: blockConfig(owner.kind, owner.id, 'vaults'),
    has_appliances: appliance !== undefined,
    refresh_period: Number(user?.refresh_rate_minutes ?? 60),
    // spec 2.2 names the reseller dashboard's help key; a client's page has none in the spec.
    help_key: owner.kind === 'reseller' ? RESELLER_DASHBOARD_HELP_KEY : null,
  };
}

/** GET /{loadValuesUrl}: a filter's options; clients are the owner's own, by name. */
export async function filterValues(
  ctx: AppContext,
  owner: Owner,
  table: DashboardTable,
  key: string,
): Promise<{ options: DashboardFilterOption[] }> {
  const def = filtersFor(table, owner.kind).find((f) => f.key === key);
  if (!def) throw new NotFoundError('This filter');
  if (def.options) return { options: def.options };
  return clientOptions(ctx, owner);
}

async function clientOptions(ctx: AppContext, owner: Owner): Promise<{ options: DashboardFilterOption[] }> {
  const clients = await scoped(ctx.dbh.db, owner.actor)
    .within(clientsOf(owner.row))
    .selectFrom('organisations')
    .select(['id', 'name'])
    .orderBy('name_lc')
    .limit(1000)
    .execute();
  return { options: clients.map((c) => ({ value: String(c.id), label: c.name })) };
}
