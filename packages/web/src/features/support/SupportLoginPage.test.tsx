import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api/queryClient';
import { renderRoutes } from '../../test/render';
import { SupportLoginPage } from './SupportLoginPage';

// Opening a support login is an audited write: one per visit, whatever the page reads again.

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

describe('support login page', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const logins = () => fetchMock.mock.calls.filter(([u]) => String(u).includes('/api/support/')).length;
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockImplementation(async () =>
      json({
        kind: 'appliance',
        id: 4,
        name: 'APP-4',
        sid: 'S4',
        online: true,
        target: 'https://S4.appliance.lifeboat.invalid/',
        message: 'Lifeboat would sign you in.',
      }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('asks for the login once, also when everything is read again', async () => {
    const queryClient = createQueryClient();
    renderRoutes({
      path: '/appliance/login/S4',
      routes: [{ path: '/appliance/login/S4', element: <SupportLoginPage kind="appliance" target="S4" /> }],
      queryClient,
    });
    await screen.findByText('Lifeboat would sign you in.');
    await queryClient.invalidateQueries();
    await queryClient.refetchQueries();
    await waitFor(() => expect(screen.getByText('Lifeboat would sign you in.')).toBeTruthy());
    expect(logins()).toBe(1);
  });
});
