import {
  DASHBOARD_DEFAULT_SORT,
  DASHBOARD_ROWS_MAX,
  type DashboardOwner,
  type DashboardTable,
  type ListSort,
  resolveSort,
  type SortDirection,
  TABLE_SEARCH_MAX,
} from '@lifeboat/contract';
import { BadRequestError } from '../../http/errors';
import { filtersFor } from './table-config';

// Parse and check a table request (spec 7: form-encoded filters and search, each JSON). Every
// mistake is a 400 with words a person understands; nothing is read before the input is valid.

export interface TableQuery {
  page: number;
  rows: number;
  /** Filter key -> accepted values (empty arrays are dropped). */
  filters: Record<string, string[]>;
  /** Lower-cased search text, '' for none. */
  search: string;
  /** A column of DASHBOARD_SORTS[table] (the body's schema checked it) and a direction. */
  sort: ListSort;
}

function parseJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new BadRequestError(`The ${what} are not valid JSON.`, { [what]: 'Not valid JSON.' });
  }
}

export function parsePaging(pageRaw: string, rowsRaw: string): { page: number; rows: number } {
  if (!/^\d{1,6}$/.test(pageRaw) || Number(pageRaw) < 1) {
    throw new BadRequestError('The page must be a whole number from 1.', { page: 'Must be 1 or more.' });
  }
  if (!/^\d{1,4}$/.test(rowsRaw) || Number(rowsRaw) < 1 || Number(rowsRaw) > DASHBOARD_ROWS_MAX) {
    throw new BadRequestError(`Rows per page must be between 1 and ${DASHBOARD_ROWS_MAX}.`, {
      rows: `From 1 to ${DASHBOARD_ROWS_MAX}.`,
    });
  }
  return { page: Number(pageRaw), rows: Number(rowsRaw) };
}

export function parseTableQuery(
  owner: DashboardOwner,
  table: DashboardTable,
  pageRaw: string,
  rowsRaw: string,
  body: { filters?: string; search?: string; sort?: string; dir?: SortDirection } | undefined,
): TableQuery {
  const { page, rows } = parsePaging(pageRaw, rowsRaw);
  const filters: Record<string, string[]> = {};
  const rawFilters = body?.filters?.trim() ? parseJson(body.filters, 'filters') : {};
  if (typeof rawFilters !== 'object' || rawFilters === null || Array.isArray(rawFilters)) {
    throw new BadRequestError('The filters must be an object of filter names and values.');
  }
  const defs = filtersFor(table, owner);
  for (const [key, value] of Object.entries(rawFilters)) {
    const def = defs.find((d) => d.key === key);
    if (!def)
      throw new BadRequestError(`This table has no filter "${key.slice(0, 40)}".`, {
        filters: 'Unknown filter.',
      });
    const values = (Array.isArray(value) ? value : value === null || value === '' ? [] : [value]).map(String);
    if (values.length > 200) throw new BadRequestError(`Too many values for the filter "${def.label}".`);
    for (const v of values) {
      const ok = def.options ? def.options.some((o) => o.value === v) : /^\d{1,15}$/.test(v);
      if (!ok) {
        throw new BadRequestError(`"${v.slice(0, 40)}" is not a value of the filter "${def.label}".`, {
          filters: 'Unknown value.',
        });
      }
    }
    if (values.length) filters[key] = [...new Set(values)];
  }
  let search = '';
  if (body?.search?.trim()) {
    const raw = parseJson(body.search, 'search');
    const text =
      typeof raw === 'string'
        ? raw
        : typeof raw === 'object' && raw !== null && 'value' in raw
          ? raw.value
          : null;
    if (typeof text !== 'string') throw new BadRequestError('The search must be a text or {"value": text}.');
    if (text.length > TABLE_SEARCH_MAX) {
      throw new BadRequestError(`The search is too long (at most ${TABLE_SEARCH_MAX} characters).`, {
        search: 'Too long.',
      });
    }
    search = text.trim().toLowerCase();
  }
  const sort = resolveSort<string>({ sort: body?.sort, dir: body?.dir }, DASHBOARD_DEFAULT_SORT);
  return { page, rows, filters, search, sort };
}
