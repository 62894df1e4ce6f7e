import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser, renderRoutes } from '../../test/render';
import { MfaGate } from './MfaGate';
import { SECURITY_PATH } from './securityQueries';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

const open = () =>
  renderRoutes({
    path: '/',
    session: { user: makeUser('client'), csrfToken: 't' },
    routes: [
      {
        path: '/',
        element: (
          <>
            <MfaGate />
            <p>home page</p>
          </>
        ),
      },
      { path: SECURITY_PATH, element: <p>security page</p> },
    ],
  });

describe('MfaGate (issue 17 point 1: a user who must set up MFA is led to the setup)', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('leads a user whose reseller requires MFA and who has none to the setup page', async () => {
    fetchMock.mockResolvedValue(json({ enabled: false, required: true, recoveryCodesLeft: 0 }));
    open();
    expect(await screen.findByText('security page')).toBeTruthy();
  });

  it('leaves a user with MFA on where they are', async () => {
    fetchMock.mockResolvedValue(json({ enabled: true, required: true, recoveryCodesLeft: 8 }));
    open();
    expect(await screen.findByText('home page')).toBeTruthy();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByText('security page')).toBeNull();
  });
});
