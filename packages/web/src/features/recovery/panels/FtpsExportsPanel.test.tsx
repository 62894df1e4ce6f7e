import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/render';
import { FtpsExportsPanel } from './FtpsExportsPanel';

// The FTPS export feed against a fake server: both kinds of records, the display rule (expired or
// discarding: 'discarding' and no action), the password prompt of a protected export, discard.

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const NOW_S = Math.floor(Date.now() / 1000);
const record = (id: number, over: Record<string, unknown>) => ({
  id,
  name: `export-${id}`,
  type: 'ffr',
  format: null,
  password_protected: false,
  expire: NOW_S + 7 * 86_400,
  status: 'ready',
  system_name: 'FS01',
  client_name: 'Acme',
  created_at: Date.now() - id * 1000,
  size_bytes: 2048,
  ...over,
});

const CREDS = {
  host: 'ftps.example',
  port: 2121,
  login: 'lb-abc',
  password: 'S3cret-pass',
  expirationDays: 7,
  ftpClientsLink: 'https://example.org/clients',
};
let discardAnswer = { error: false, message: { text: 'Discarding', info: 'Being removed.' } };

function server(url: string, init?: RequestInit): Response {
  if (url.includes('/dashboard_ftps_exports/get_ftps_ffr_records/3/0'))
    return json({
      records: [
        record(1, {}),
        record(2, { password_protected: true, name: 'protected-export' }),
        record(3, { expire: NOW_S - 10, name: 'expired-export' }),
      ],
    });
  if (url.includes('/dashboard_ftps_exports/get_ftps_disk_records/3/0'))
    return json({
      records: [record(4, { type: 'disk', format: 'VHDX', status: 'discarding', name: 'disk-export' })],
    });
  if (url.endsWith('/ftps_export/ftps_credentials')) {
    const body = JSON.parse(String(init?.body)) as { export_id: number; password?: string };
    if (body.export_id === 2 && body.password !== 'demo') return json({ error: 'Password incorrect.' });
    return json({ credentials: CREDS });
  }
  if (url.includes('/ftps_export/discard/1') && init?.method === 'DELETE') return json(discardAnswer);
  return json({ code: 'NOT_FOUND', message: 'nope' }, 404);
}

describe('FTPS export feed', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockImplementation(async (input, init) => server(String(input), init));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  const render = () =>
    renderRoutes({
      path: '/',
      routes: [{ path: '/', element: <FtpsExportsPanel resellerId={3} clientId={0} /> }],
    });
  const row = async (name: string) =>
    (await screen.findAllByTestId('ftps-export')).find((r) => r.textContent?.includes(name)) as HTMLElement;

  it('lists files and disk exports; expired and discarding ones read discarding without actions', async () => {
    render();
    expect(await screen.findAllByTestId('ftps-export')).toHaveLength(4);
    const ready = await row('export-1');
    expect(within(ready).getByTestId('ftps-export-status').textContent).toBe('ready');
    expect(within(ready).getByRole('button', { name: 'Discard' })).toBeTruthy();
    for (const name of ['expired-export', 'disk-export']) {
      const r = await row(name);
      expect(within(r).getByTestId('ftps-export-status').textContent).toBe('discarding');
      expect(within(r).queryByRole('button', { name: 'Discard' })).toBeNull();
      expect(within(r).queryByRole('button', { name: 'Credentials' })).toBeNull();
    }
    expect((await row('disk-export')).textContent).toContain('Disk VHDX');
  });

  it('asks a protected export for its password, marks a wrong one, then shows the credentials', async () => {
    render();
    fireEvent.click(within(await row('protected-export')).getByRole('button', { name: 'Credentials' }));
    const input = await screen.findByLabelText('System password');
    const submit = screen.getByRole('button', { name: 'Show credentials' });
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(input, { target: { value: 'nope' } });
    fireEvent.click(submit);
    expect(await screen.findByText('Password incorrect.')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(input, { target: { value: 'demo' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show credentials' }));
    expect((await screen.findByTestId('ftps-password')).textContent).toBe('S3cret-pass');
    expect(screen.getByRole('button', { name: 'Copy the login' })).toBeTruthy();
  });

  it('shows an unprotected export’s credentials at once', async () => {
    render();
    fireEvent.click(within(await row('export-1')).getByRole('button', { name: 'Credentials' }));
    expect((await screen.findByTestId('ftps-login')).textContent).toBe('lb-abc');
    expect(screen.queryByLabelText('System password')).toBeNull();
  });

  it('discards after a confirmation, and shows the failed text with the server’s info', async () => {
    discardAnswer = { error: true, message: { text: 'Not discarded', info: 'The export is still running.' } };
    render();
    fireEvent.click(within(await row('export-1')).getByRole('button', { name: 'Discard' }));
    expect(fetchMock.mock.calls.some(([, i]) => i?.method === 'DELETE')).toBe(false);
    fireEvent.click(await screen.findByRole('button', { name: 'Discard export' }));
    const failed = await screen.findByTestId('ftps-discard-failed');
    expect(failed.textContent).toContain('Failed: Not discarded');
    expect(failed.textContent).toContain('The export is still running.');

    discardAnswer = { error: false, message: { text: 'Discarding', info: 'Being removed.' } };
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    fireEvent.click(within(await row('export-1')).getByRole('button', { name: 'Discard' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Discard export' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Discard export' })).toBeNull());
    expect(fetchMock.mock.calls.filter(([u]) => String(u).includes('/ftps_export/discard/1'))).toHaveLength(
      2,
    );
  });
});
