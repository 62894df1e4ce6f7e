import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../../test/render';
import { initialRb } from '../../engine/rb';
import { initialState, type WizardState } from '../../engine/state';
import { ExportCompleteStep } from './ExportCompleteStep';

// exportComplete (spec: recovery-flow 2): the credentials from ftps_credentials, with the system
// password of a protected export; a refused reveal says so and can be asked again.

const CREDS = {
  host: 'console.example',
  port: 2121,
  login: 'lb-0123456789ab',
  password: 'S3cret-pass-word',
  expirationDays: 7,
  ftpClientsLink: 'https://example.org/clients',
};

const state = (password: string | null): WizardState => {
  const s = initialState({ kind: 'client', clientId: 1 });
  return {
    ...s,
    step: { name: 'exportComplete' },
    data: { ...s.data, rb: { ...initialRb(), kind: 'ffr', exportId: 3, password } },
  };
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('exportComplete', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });
  const show = (password: string | null) =>
    renderRoutes({
      path: '/',
      routes: [
        {
          path: '/',
          element: <ExportCompleteStep state={state(password)} dispatch={vi.fn()} close={vi.fn()} />,
        },
      ],
    });

  it('shows every value with a copy button, asking with the system password', async () => {
    fetchMock.mockImplementation(async () => json({ credentials: CREDS }));
    show('pw');
    expect((await screen.findByTestId('ftps-login')).textContent).toBe(CREDS.login);
    expect(screen.getByTestId('ftps-password').textContent).toBe(CREDS.password);
    expect(screen.getByTestId('ftps-host').textContent).toBe(CREDS.host);
    expect(screen.getByTestId('ftps-port').textContent).toBe('2121');
    expect(screen.getByText('7 days')).toBeTruthy();
    for (const what of ['host', 'port', 'login', 'password'])
      expect(screen.getByRole('button', { name: `Copy the ${what}` })).toBeTruthy();
    expect(screen.getByRole('link', { name: /FTP clients/ }).getAttribute('href')).toBe(CREDS.ftpClientsLink);
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ export_id: 3, password: 'pw' });
  });

  it('a refused reveal shows the server text; Try again asks once more', async () => {
    fetchMock.mockImplementationOnce(async () =>
      json({ code: 'TOO_MANY', message: 'Too many attempts: try again in 15 minutes.' }, 429),
    );
    show(null);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many attempts: try again in 15 minutes.',
    );
    fetchMock.mockImplementation(async () => json({ credentials: CREDS }));
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await screen.findByTestId('ftps-login')).textContent).toBe(CREDS.login);
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});
