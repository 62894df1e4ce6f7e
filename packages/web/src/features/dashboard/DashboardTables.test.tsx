import type { DashboardPageData, EntityBlockConfig } from '@lifeboat/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser, renderRoutes } from '../../test/render';
import { DashboardTables } from './DashboardTables';

// The quick filters and tables against a fake server: what each table asks for, and what shows.

function block(table: string, count: number): EntityBlockConfig {
  return {
    title_label: table,
    count_label: table,
    data_url: `reseller/dashboard/${table}`,
    count_url: `reseller/dashboard/${table}/count`,
    records_per_page_count: 10,
    datatable_id: `reseller_${table}_table`,
    columns: [{ key: 'name', label: 'Name' }],
    filters: [{ key: 'health_status', label: 'Health', loadValuesUrl: `v/${table}` }],
    search: { key: 'name', placeholder: `Search ${table}` },
    selection_mode: 'single',
    // Not part of the config: how many rows the fake server has.
    ...({ _rows: count } as object),
  };
}

const PAGE: DashboardPageData = {
  owner: 'reseller',
  reseller_id: 12,
  client_id: null,
  name: 'Northwind IT',
  filters: [
    { key: 'health_status', label: 'Troubled', value: 'TROUBLED' },
    { key: 'health_status', label: 'Warning', value: 'WARNED' },
    { key: 'health_status', label: 'Healthy', value: 'NORMAL' },
  ],
  protected_system: block('protected_systems', 25),
  appliance: block('appliances', 3),
  vault: block('vaults', 2),
  has_appliances: true,
  refresh_period: 60,
  help_key: 'rmc_dashboard',
};

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/** Table posts seen by the fake server: table -> filters of each request. */
let posts: { table: string; filters: Record<string, string[]>; page: number; sort: string; dir: string }[] =
  [];

const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
  const url = String(input);
  const m = url.match(/^\/reseller\/dashboard\/(\w+)\/12\/(\d+)\/(\d+)$/);
  if (m && init?.method === 'POST') {
    const form = new URLSearchParams(String(init.body));
    const filters = JSON.parse(form.get('filters') ?? '{}');
    const table = m[1] as string;
    posts.push({
      table,
      filters,
      page: Number(m[2]),
      sort: form.get('sort') ?? '',
      dir: form.get('dir') ?? '',
    });
    const all = table === 'protected_systems' ? 25 : table === 'appliances' ? 3 : 2;
    // A filtered table has fewer rows than its count says the table has.
    const total = filters.health_status ? Math.min(all, 4) : all;
    const first = (Number(m[2]) - 1) * 10;
    const n = Math.max(0, Math.min(10, total - first));
    return json({
      // Row names say which health the server was asked for: 'all' or e.g. 'TROUBLED'.
      content: Array.from({ length: n }, (_, i) => ({
        id: first + i + 1,
        name: `${table}-${filters.health_status?.join('+') ?? 'all'}-${first + i + 1}`,
      })),
      records_count: total,
      records_count_capped: false,
      empty_desc: 'Nothing here.',
    });
  }
  if (url.includes('/count/')) return json({ count: 25, count_label: '25 things' });
  // The open-alert count beside the quick filters (issue 27.5).
  if (url.startsWith('/api/alerts/list'))
    return json({ content: [], records_count: 3, records_count_capped: false, empty_desc: '' });
  return json({ options: [{ value: 'TROUBLED', label: 'Troubled' }] });
});

beforeEach(() => {
  posts = [];
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderTables(page = PAGE, path = '/', kind: 'reseller' | 'client' = 'reseller') {
  return renderRoutes({
    path,
    routes: [{ path: '/', element: <DashboardTables page={page} /> }],
    session: { user: makeUser(kind), csrfToken: 't' },
  });
}

// Generous waits: the suite shares two cores with other work.
const findText = (text: string) => screen.findByText(text);

const lastPost = (table: string) => posts.filter((p) => p.table === table).at(-1);

describe('DashboardTables', { timeout: 30_000 }, () => {
  it('shows pagination only when the rows do not fit one page, and pages on the server', async () => {
    renderTables();
    await findText('protected_systems-all-1');
    await findText('vaults-all-2');
    // The quick filter to the Alerts page counts the open alerts.
    expect((await screen.findByText('3 open alerts')).closest('a')?.getAttribute('href')).toBe(
      '/home/alerts?state=open',
    );
    expect(fetchMock.mock.calls.some(([u]) => String(u).startsWith('/api/alerts/list?'))).toBe(true);
    expect(screen.getByRole('navigation', { name: 'protected_systems pages' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'vaults pages' })).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'appliances pages' })).toBeNull();
    const pager = within(screen.getByRole('navigation', { name: 'protected_systems pages' }));
    fireEvent.click(pager.getByRole('button', { name: 'Page 3' }));
    await findText('protected_systems-all-21');
    expect(lastPost('protected_systems')?.page).toBe(3);
  });

  it('a quick filter asks all three tables for that health, and a second click removes it', async () => {
    renderTables();
    await findText('appliances-all-1');
    const troubled = screen.getByRole('button', { name: 'Troubled' });
    fireEvent.click(troubled);
    for (const t of ['protected_systems', 'appliances', 'vaults']) await findText(`${t}-TROUBLED-1`);
    expect(troubled.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(troubled);
    // Back to every health (the unfiltered pages may come from the query cache).
    for (const t of ['protected_systems', 'appliances', 'vaults']) await findText(`${t}-all-1`);
    expect(troubled.getAttribute('aria-pressed')).toBe('false');
    expect(screen.queryByText('vaults-TROUBLED-1')).toBeNull();
  });

  it('without appliances there is no appliance table and the quick filters act on the other two', async () => {
    renderTables({ ...PAGE, has_appliances: false });
    await findText('vaults-all-1');
    expect(screen.queryByText('appliances-all-1')).toBeNull();
    const warned = screen.getByRole('button', { name: 'Warning' });
    fireEvent.click(warned);
    await findText('protected_systems-WARNED-1');
    await findText('vaults-WARNED-1');
    expect(warned.getAttribute('aria-pressed')).toBe('true');
    expect(posts.some((p) => p.table === 'appliances')).toBe(false);
  });

  it('selects one row at a time, by click or from the keyboard', async () => {
    renderTables();
    const row = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;
    await findText('vaults-all-1');
    fireEvent.keyDown(row('vaults-all-1'), { key: 'Enter' });
    expect(row('vaults-all-1').getAttribute('aria-selected')).toBe('true');
    fireEvent.click(row('vaults-all-2'));
    expect(row('vaults-all-2').getAttribute('aria-selected')).toBe('true');
    expect(row('vaults-all-1').getAttribute('aria-selected')).toBe('false');
  });

  it('sorts by a column header and keeps sort, filters and page in the url', async () => {
    const { router } = renderTables();
    await findText('vaults-all-1');
    const header = () => screen.getAllByRole('columnheader', { name: /Name/ })[0] as HTMLElement;
    fireEvent.click(within(header()).getByRole('button'));
    await vi.waitFor(() =>
      expect(lastPost('protected_systems')).toMatchObject({ sort: 'name', dir: 'desc' }),
    );
    expect(header().getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(screen.getByRole('button', { name: 'Troubled' }));
    await findText('vaults-TROUBLED-1');
    const search = new URLSearchParams(router.state.location.search);
    expect(search.get('systems.dir')).toBe('desc');
    expect(search.getAll('vaults.health_status')).toEqual(['TROUBLED']);
    // Back undoes the quick filter in one step, for every table.
    await router.navigate(-1);
    await findText('vaults-all-1');
    expect(new URLSearchParams(router.state.location.search).get('systems.dir')).toBe('desc');
  });

  it('the count badge says how many rows match under a filter (issue 18.10)', async () => {
    renderTables();
    await findText('protected_systems-all-1');
    const badge = () =>
      document.querySelector('[data-table="reseller_protected_systems_table"] [data-count]');
    await vi.waitFor(() => expect(badge()?.textContent).toBe('25 things'));
    fireEvent.click(screen.getByRole('button', { name: 'Troubled' }));
    await findText('protected_systems-TROUBLED-1');
    await vi.waitFor(() => expect(badge()?.textContent).toBe('4 of 25 things'));
  });

  it('opens on the state a link carries', async () => {
    renderTables(PAGE, '/?systems.page=2&systems.sort=health_status&appliances.health_status=WARNED');
    await findText('protected_systems-all-11');
    expect(lastPost('protected_systems')).toMatchObject({ page: 2, sort: 'health_status', dir: 'asc' });
    await findText('appliances-WARNED-1');
  });

  it('links a vault to its page for a reseller, and shows it as text to a client (issue 18.8)', async () => {
    const reseller = renderTables();
    const link = await screen.findByRole('link', { name: 'vaults-all-1' });
    expect(link.getAttribute('href')).toMatch(/^\/vault\/details\//);
    reseller.unmount();
    renderTables(PAGE, '/', 'client');
    await findText('vaults-all-1');
    expect(screen.queryByRole('link', { name: 'vaults-all-1' })).toBeNull();
    // Its appliance's page is the client's to open.
    expect(await screen.findByRole('link', { name: 'appliances-all-1' })).toBeTruthy();
  });
});
