import { dashboardCalls } from '@lifeboat/contract';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createQueryClient } from '../api/queryClient';
import { callKey } from '../api/useCall';
import { makeUser } from '../test/render';
import { prefetchLanding } from './landing';

// The sign-in's answer starts every call of the reseller's dashboard at once: none of them waits
// for another's answer (the fake server never answers, and every call is still made).

const started: string[] = [];
const fetchMock = vi.fn<typeof fetch>((input, init) => {
  started.push(`${init?.method ?? 'GET'} ${String(input)}`);
  return new Promise<Response>(() => {});
});

beforeEach(() => {
  started.length = 0;
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

it("starts the reseller dashboard's page data, cards, feeds, tables and counts together", async () => {
  prefetchLanding(createQueryClient(), makeUser('reseller', { organisationId: 12 }), null);
  await vi.waitFor(() => expect(started).toHaveLength(12));
  expect(started.sort()).toEqual(
    [
      'GET /reseller/get_dashboard_page_data/12',
      'GET /reseller/get_quick_actions_data/12',
      'GET /reseller/get_organization_at_a_glance_data/12',
      'GET /reseller/get_current_client_health/12',
      'GET /reseller/get_protected_system_health_history/12',
      'GET /reseller/get_collapsible_feeds/12',
      'POST /reseller/dashboard/protected_systems/12/1/10',
      'POST /reseller/dashboard/appliances/12/1/10',
      'POST /reseller/dashboard/vaults/12/1/10',
      'GET /reseller/dashboard/protected_systems/count/12',
      'GET /reseller/dashboard/appliances/count/12',
      'GET /reseller/dashboard/vaults/count/12',
    ].sort(),
  );
});

it("caches each answer under the key the dashboard's blocks read it by", () => {
  const client = createQueryClient();
  prefetchLanding(client, makeUser('reseller', { organisationId: 12 }), null);
  const keys = client
    .getQueryCache()
    .getAll()
    .map((q) => q.queryKey);
  const c = dashboardCalls;
  const params = { id: 12 };
  const read = [
    c.owner.reseller.pageData,
    c.quickActions,
    c.atAGlance,
    c.clientHealth,
    c.healthHistory,
    c.feeds,
    ...Object.values(c.owner.reseller.count),
  ];
  for (const decl of read) expect(keys).toContainEqual(callKey(decl, { params }));
  // A table's first page as EntityTable asks for it with no state in the url.
  const first = {
    params: { id: 12, page: 1, rows: 10 },
    form: { filters: '{}', search: '{"value":""}', sort: 'name', dir: 'asc' },
  };
  for (const decl of Object.values(c.owner.reseller.table))
    expect(keys).toContainEqual(callKey(decl, first as never));
});

it('starts nothing when the user goes elsewhere, or lands on another page', async () => {
  prefetchLanding(createQueryClient(), makeUser('reseller'), { from: '/audit' });
  prefetchLanding(createQueryClient(), makeUser('client'), null);
  prefetchLanding(createQueryClient(), makeUser('distributor'), null);
  await new Promise((r) => setTimeout(r, 50));
  expect(started).toEqual([]);
});

it('remembers where the sign-in landed, for the next sign-in on this browser', () => {
  prefetchLanding(createQueryClient(), makeUser('client'), null);
  expect(window.localStorage.getItem('lifeboat.landing')).toBe('other');
  prefetchLanding(createQueryClient(), makeUser('reseller'), { from: '/audit' });
  expect(window.localStorage.getItem('lifeboat.landing')).toBe('reseller-dashboard');
});
