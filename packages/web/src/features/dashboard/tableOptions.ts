import {
  DASHBOARD_DEFAULT_SORT,
  DASHBOARD_SORTS,
  type DashboardTable,
  type EntityBlockConfig,
} from '@lifeboat/contract';
import type { ListOptions } from '../../components/lists/listUrl';

// The url keys of the dashboard's three tables: each under its own prefix, so one link (and
// back/forward) restores every table's filters, search, sort and page (issue 18 point 12).

export const TABLE_PREFIX: Record<DashboardTable, string> = {
  protected_systems: 'systems',
  appliances: 'appliances',
  vaults: 'vaults',
};

export const HEALTH_KEY = 'health_status';

/** A table's list options from its block config (rows per page are the server's, spec 2.2). */
export function tableOptions(table: DashboardTable, config: EntityBlockConfig): ListOptions {
  return {
    prefix: TABLE_PREFIX[table],
    filterKeys: config.filters.map((f) => f.key),
    sizes: [config.records_per_page_count],
    sortable: DASHBOARD_SORTS[table],
    defaultSort: DASHBOARD_DEFAULT_SORT,
  };
}
