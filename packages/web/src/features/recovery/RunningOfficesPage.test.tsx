import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser, renderRoutes } from '../../test/render';
import { RunningOfficesPage } from './RunningOfficesPage';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

describe('Running virtual offices (issue 18.8)', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });
  const open = () =>
    renderRoutes({
      path: '/',
      session: { user: makeUser('reseller'), csrfToken: 't' },
      routes: [{ path: '/', element: <RunningOfficesPage /> }],
    });

  it("lists each office with its client's virtual office link, type and state", async () => {
    fetchMock.mockResolvedValue(
      json({
        offices: [
          {
            failover_id: 3,
            client_id: 42,
            client_name: 'Acme',
            type: 'production',
            phase: 'started',
            runbook_name: 'Main',
            started_at: 1_700_000_000_000,
            stop_at: null,
          },
        ],
        total: 1,
        page: 1,
        rows: 10,
      }),
    );
    open();
    const link = await screen.findByRole('link', { name: 'Acme' });
    expect(link.getAttribute('href')).toBe('/client/details/42/1');
    expect(screen.getByText('Production')).toBeTruthy();
    expect(screen.getByText('Running')).toBeTruthy();
    expect(screen.getByText('Runbook Main')).toBeTruthy();
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/failover/running_offices?page=1&rows=10');
  });

  it('says when none runs', async () => {
    fetchMock.mockResolvedValue(json({ offices: [], total: 0, page: 1, rows: 10 }));
    open();
    expect(await screen.findByText('No virtual office is running')).toBeTruthy();
  });
});
