import { deviceCalls, type SessionUser, visibleTabs } from '@lifeboat/contract';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../api/call';
import { connectApiClient } from '../session/session';
import { makeUser, renderRoutes, USERS } from '../test/render';
import { appRoutes } from './router';
import { TAB_LABELS } from './tabPaths';

function signedIn(user: SessionUser, path: string) {
  return renderRoutes({ path, routes: appRoutes, session: { user, csrfToken: 't' } });
}

async function mainNav() {
  return within(await screen.findByRole('navigation', { name: 'Main' }));
}

describe('app routes', () => {
  // Nothing here should reach the server; a call would fail the test loudly.
  beforeEach(() =>
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new Error('unexpected fetch'))),
    ),
  );
  afterEach(() => vi.unstubAllGlobals());

  it.each(Object.keys(USERS) as (keyof typeof USERS)[])(
    'shows exactly the tabs of a %s, in order',
    async (kind) => {
      const user = makeUser(kind);
      signedIn(user, '/');
      const nav = await mainNav();
      const labels = nav.getAllByRole('link').map((a) => a.textContent);
      expect(labels).toEqual(visibleTabs(user).map((t) => TAB_LABELS[t]));
    },
  );

  it('lands a reseller on its dashboard and marks the tab', async () => {
    const { router } = signedIn(makeUser('reseller', { organisationId: 12 }), '/');
    const nav = await mainNav();
    // The dashboard is a larger lazy chunk: give it time on a busy machine.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Dashboard' }, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/home/reseller-dashboard');
    expect(nav.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page');
  });

  it("lands a client user on its client's page", async () => {
    const { router } = signedIn(makeUser('client', { organisationName: 'Contoso Dental' }), '/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Contoso Dental' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/home/clients');
  });

  it('opens detail pages under their tab', async () => {
    signedIn(makeUser('reseller'), '/device/details/5/9');
    // The device page is a larger chunk: give its lazy load more time on a busy machine.
    // Its name comes from the API (refused here): the page says it was not loaded, never an id.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Protected system' }, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(screen.getByText('As stored in vault 9')).toBeTruthy();
    const nav = await mainNav();
    expect(nav.getByRole('link', { name: 'Devices' }).getAttribute('aria-current')).toBe('true');
  });

  it("refuses a tab the user's level does not include", async () => {
    signedIn(makeUser('client'), '/home/appliances');
    expect(await screen.findByText("You don't have access to this page")).toBeTruthy();
    const nav = await mainNav();
    expect(nav.queryByRole('link', { name: 'Appliances' })).toBeNull();
  });

  it('refuses an internal route of a hidden tab', async () => {
    signedIn(makeUser('reseller'), '/admin/admin/admin_index');
    expect(await screen.findByText("You don't have access to this page")).toBeTruthy();
  });

  it.each(['/nowhere', '/home/nope', '/device/details/abc'])('shows not found for %s', async (path) => {
    signedIn(makeUser('staff'), path);
    expect(await screen.findByText('There is no page at this address')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to your home page' }).getAttribute('href')).toBe(
      '/home/fleet',
    );
  });

  it('sends a signed-out visitor to the login page and remembers the way back', async () => {
    const { router } = renderRoutes({ path: '/home/devices?x=1', routes: appRoutes, session: null });
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({ from: '/home/devices?x=1', reason: undefined });
  });

  it('returns to the login page with a notice when a call answers 401, and comes back after', async () => {
    const { router, queryClient } = signedIn(makeUser('reseller'), '/home/devices');
    connectApiClient(queryClient);
    await screen.findByRole('heading', { level: 1, name: 'Devices' });
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ code: 'UNAUTHORIZED', message: 'Ended.' }), { status: 401 }),
      ),
    );
    await act(async () => {
      await call(deviceCalls.alert, { params: { id: 5 } }).catch(() => undefined);
    });
    expect(await screen.findByText('Your session has ended. Sign in again to continue.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({ from: '/home/devices', reason: 'ended' });
  });

  it('signs out to the login page with a note, forgetting the way back', async () => {
    const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    const { router } = signedIn(makeUser('staff'), '/home/reports');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('You have signed out.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({ from: undefined, reason: 'signed-out' });
    expect(fetchMock).toHaveBeenCalledWith('/api/session', expect.objectContaining({ method: 'DELETE' }));
  });
});
