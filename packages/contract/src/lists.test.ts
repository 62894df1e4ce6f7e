import { describe, expect, it } from 'vitest';
import { dashboardTableBody } from './dashboard';
import { entityListFields, entityListRequest } from './entities';
import {
  capCount,
  jobHistoryPage,
  LIST_COUNT_CAP,
  LIST_ROWS_MAX,
  listFields,
  listPage,
  listRows,
  listSortFields,
  pageCount,
  resolveSort,
  toListPage,
} from './lists';

// The one list contract (issue 11 point 8): bounds of every table request, the sort whitelist,
// and the mapping of each call's answer to what the pager reads.

describe('list request bounds', () => {
  it('pages start at 1 and stop at a bound', () => {
    expect(listPage.parse('3')).toBe(3);
    for (const bad of ['0', '-1', '1.5', 'x', '100001'])
      expect(listPage.safeParse(bad).success, bad).toBe(false);
  });

  it('rows are capped, and a table with sizes accepts only those', () => {
    expect(listRows().parse('100')).toBe(LIST_ROWS_MAX);
    expect(listRows().safeParse(String(LIST_ROWS_MAX + 1)).success).toBe(false);
    expect(listRows().safeParse('0').success).toBe(false);
    const sized = listRows([10, 25]);
    expect(sized.parse('25')).toBe(25);
    const refused = sized.safeParse('20');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('Choose 10 or 25 rows.');
  });

  it('search is bounded', () => {
    const fields = listFields({});
    expect(fields.safeParse({ search: 'x'.repeat(128) }).success).toBe(true);
    expect(fields.safeParse({ search: 'x'.repeat(129) }).success).toBe(false);
  });

  it('every key is optional; the entity request then applies its defaults', () => {
    expect(entityListFields.parse({})).toEqual({});
    expect(entityListRequest.parse({})).toMatchObject({ page: 1, rows: 10, search: '' });
    expect(entityListRequest.safeParse({ rows: '30' }).success).toBe(false);
  });
});

describe('sort', () => {
  const fields = listFields(listSortFields(['name', 'health_status']));

  it('accepts only the whitelisted columns and asc or desc', () => {
    expect(fields.parse({ sort: 'health_status', dir: 'desc' })).toEqual({
      sort: 'health_status',
      dir: 'desc',
    });
    expect(fields.parse({ sort: '', dir: '' })).toEqual({ sort: undefined, dir: undefined });
    for (const bad of [{ sort: 'id; drop table users' }, { sort: 'NAME' }, { dir: 'up' }]) {
      expect(fields.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('falls back to the default column and direction', () => {
    const fallback = { column: 'name', dir: 'asc' } as const;
    expect(resolveSort({}, fallback)).toEqual(fallback);
    expect(resolveSort({ dir: 'desc' }, fallback)).toEqual({ column: 'name', dir: 'desc' });
    expect(resolveSort({ sort: 'health_status' }, fallback)).toEqual({ column: 'health_status', dir: 'asc' });
  });

  it("each dashboard table's body knows its own columns", () => {
    expect(dashboardTableBody('vaults').safeParse({ sort: 'workstations' }).success).toBe(true);
    expect(dashboardTableBody('vaults').safeParse({ sort: 'client_name' }).success).toBe(false);
    expect(dashboardTableBody('protected_systems').safeParse({ sort: 'client_name' }).success).toBe(true);
  });
});

describe('answers as one page shape', () => {
  it('maps the spec table answer and the job history to the same page', () => {
    const table = toListPage(
      { content: [1, 2], records_count: 12, records_count_capped: false, empty_desc: 'None.' },
      2,
      10,
    );
    expect(table).toEqual({
      rows: [1, 2],
      page: 2,
      rowsPerPage: 10,
      total: 12,
      capped: false,
      emptyDesc: 'None.',
    });
    const jobs = jobHistoryPage({
      rows: [1],
      page: 1,
      rows_on_page: 10,
      records_count: 1,
      count_capped: false,
    });
    expect(jobs).toMatchObject({ rows: [1], page: 1, rowsPerPage: 10, total: 1, capped: false });
  });

  it('counts pages, offering one more past a capped count while the page is full', () => {
    const full = Array.from({ length: 10 }, (_, i) => i);
    expect(pageCount({ rows: full, page: 1, rowsPerPage: 10, total: 35, capped: false })).toBe(4);
    expect(pageCount({ rows: [], page: 1, rowsPerPage: 10, total: 0, capped: false })).toBe(1);
    expect(pageCount({ rows: full, page: 100, rowsPerPage: 10, total: 1000, capped: true })).toBe(101);
    expect(pageCount({ rows: [1], page: 100, rowsPerPage: 10, total: 1000, capped: true })).toBe(100);
  });

  it('caps a count', () => {
    expect(capCount(LIST_COUNT_CAP)).toEqual({ count: LIST_COUNT_CAP, capped: false });
    expect(capCount(LIST_COUNT_CAP + 1)).toEqual({ count: LIST_COUNT_CAP, capped: true });
  });
});
