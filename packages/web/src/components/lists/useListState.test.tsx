import { act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../test/render';
import { type ListOptions, nextSort, readList, writeList } from './listUrl';
import { type ListState, useListState } from './useListState';

// A table's state in the url: what a link says, what each change writes, and the hook that
// keeps them (issue 11 point 8, issue 18 point 12).

const OPTS: ListOptions = {
  prefix: 'systems',
  filterKeys: ['health_status', 'client_id'],
  sizes: [10, 25],
  sortable: ['name', 'health_status'],
  defaultSort: { column: 'name', dir: 'asc' },
};
const url = (s: string) => new URLSearchParams(s);

describe('readList', () => {
  it('reads every value under the prefix, defaults for the rest', () => {
    expect(readList(url(''), OPTS)).toEqual({
      page: 1,
      rows: 10,
      search: '',
      sort: { column: 'name', dir: 'asc' },
      filters: {},
    });
    const v = readList(
      url(
        'systems.page=3&systems.rows=25&systems.search=sql&systems.sort=health_status&systems.dir=desc' +
          '&systems.health_status=TROUBLED&systems.health_status=WARNED&page=9',
      ),
      OPTS,
    );
    expect(v).toEqual({
      page: 3,
      rows: 25,
      search: 'sql',
      sort: { column: 'health_status', dir: 'desc' },
      filters: { health_status: ['TROUBLED', 'WARNED'] },
    });
  });

  it('falls back on anything odd: a bad page, rows not offered, a column not whitelisted', () => {
    const v = readList(
      url(
        'systems.page=0&systems.rows=1000&systems.sort=password&systems.dir=up&systems.search=' +
          'x'.repeat(200),
      ),
      OPTS,
    );
    expect(v).toMatchObject({ page: 1, rows: 10, sort: { column: 'name', dir: 'asc' } });
    expect(v.search).toHaveLength(128);
    expect(readList(url('page=-2'), {}).page).toBe(1);
    expect(readList(url('page=2'), {}).sort).toBeNull();
  });
});

describe('writeList', () => {
  it('drops defaults and starts again from page 1 on any other change', () => {
    const at3 = url('systems.page=3&other=keep');
    expect(writeList(at3, OPTS, { sort: { column: 'health_status', dir: 'asc' } }).toString()).toBe(
      'other=keep&systems.sort=health_status',
    );
    expect(writeList(at3, OPTS, { filters: { health_status: ['TROUBLED', 'WARNED'] } }).toString()).toBe(
      'other=keep&systems.health_status=TROUBLED&systems.health_status=WARNED',
    );
    expect(writeList(at3, OPTS, { page: 4 }).get('systems.page')).toBe('4');
    expect(writeList(at3, OPTS, { page: 1 }).has('systems.page')).toBe(false);
    expect(writeList(at3, OPTS, { rows: 10, search: '  ' }).toString()).toBe('other=keep');
  });

  it('a header click flips the sorted column and sorts another ascending', () => {
    expect(nextSort({ column: 'name', dir: 'asc' }, 'name')).toEqual({ column: 'name', dir: 'desc' });
    expect(nextSort({ column: 'name', dir: 'desc' }, 'name')).toEqual({ column: 'name', dir: 'asc' });
    expect(nextSort({ column: 'name', dir: 'desc' }, 'health_status')).toEqual({
      column: 'health_status',
      dir: 'asc',
    });
  });
});

describe('useListState', () => {
  it('keeps page, search, sort and filters in the url, and back restores them', async () => {
    let state: ListState | undefined;
    function Probe() {
      state = useListState(OPTS);
      return null;
    }
    const { router } = renderRoutes({ path: '/?x=1', routes: [{ path: '/', element: <Probe /> }] });
    expect(state?.page).toBe(1);
    act(() => state?.setFilter('health_status', ['TROUBLED']));
    act(() => state?.toggleSort('health_status'));
    act(() => state?.setPage(2));
    expect(state).toMatchObject({
      page: 2,
      sort: { column: 'health_status', dir: 'asc' },
      filters: { health_status: ['TROUBLED'] },
      narrowed: true,
    });
    expect(state?.filter('health_status')).toBe('TROUBLED');
    act(() => state?.setSearch('sql'));
    expect(state).toMatchObject({ page: 1, search: 'sql' });
    // Typing replaced page 2's entry: back goes to the step before it (the sort).
    await act(() => router.navigate(-1));
    expect(state).toMatchObject({ page: 1, search: '', sort: { column: 'health_status' } });
    act(() => state?.clearAll());
    expect(state).toMatchObject({ page: 1, search: '', filters: {}, narrowed: false });
    expect(new URLSearchParams(router.state.location.search).get('x')).toBe('1');
  });
});
