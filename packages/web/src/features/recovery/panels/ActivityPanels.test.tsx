import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../../format/dateTime';
import { renderRoutes } from '../../../test/render';
import { ResellerActivityPanels } from '../ActivityPanels';

// The reseller's panels against a fake server: countdowns, 'pending unmount', the local shares
// feed's expiry editor (minutes sent as seconds, the server's new time shown).

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);
const share = (id: number, expire: number) => ({
  id,
  name: `files-${id}.zip`,
  device_name: 'FS01',
  client_id: 6,
  client_name: 'Acme',
  download_type: 2,
  files_count: 2,
  folders_count: 0,
  created: NOW - 1000,
  expire_time: expire,
  paths: [`C:/Users/ada/report-${id}.pdf`, 'C:/Users/ada/notes.txt'],
  size: 1536 * id,
  size_at_least: false,
  created_by: 'Ada Lovelace',
});
let expire = NOW + 24 * 3_600_000;

function server(url: string, init?: RequestInit): Response {
  if (url.includes('/reseller/get_reseller_cloud_shares/3'))
    return json({
      now: NOW,
      cloud_shares: [share(1, NOW + 6 * 86_400_000 + 3 * 3_600_000 + 5_000), share(2, NOW - 1000)],
    });
  if (url.includes('/reseller/get_reseller_exposed_local_shares/3'))
    return json({
      local_shares: [
        {
          id: 9,
          share_id: 9,
          device_name: 'DC01',
          appliance_name: 'APP',
          client_name: 'Acme',
          share_path: '\\\\APP\\DC01-1',
          status: 'active',
          created_at: NOW,
          expire_time: expire,
        },
      ],
    });
  if (url.includes('/client/suppress_cloud_share/1'))
    return json({
      ok: true,
      dialogTitle: 'Hidden from the panel',
      dialogMsg: 'files-1.zip no longer shows here.',
    });
  if (url.includes('/client/load_cloud_link/1'))
    return json({ ok: true, download_url: '/download/x', name: 'files-1.zip', expire_time: NOW + 3_600_000 });
  if (url.includes('/ra/set_cloud_link_expiry/1') && init?.method === 'POST')
    return json({ ok: true, expire_time: NOW + 72 * 3_600_000 });
  if (url.includes('/share/load_edit_expire_dialog/9'))
    return json({
      html: 'Choose how long the share stays mounted, counted from now.',
      expireTime: expire,
      remainingSeconds: Math.round((expire - NOW) / 1000),
      // The server opens the dialog at the choice nearest to the share's expiry.
      defaultIndex: expire - NOW > 48 * 3_600_000 ? 8 : 5,
      choices: [60, 120, 240, 480, 720, 1440, 2160, 2880, 4320, 10080].map((m) => ({
        value: m * 60,
        label: m === 60 ? '1 hour' : m === 1440 ? '24 hours' : m === 4320 ? '3 days' : `${m} min`,
      })),
    });
  if (url.includes('/share/set_cifs_share_ttl/9/') && init?.method === 'POST') {
    // A fixed answer, so the test sees that the feed shows the server's time, not its own sum.
    expire = NOW + 3_600_000;
    return json({ ok: true, newExpireTime: expire });
  }
  return json({ code: 'NOT_FOUND', message: 'nope' }, 404);
}

describe('reseller activity panels', () => {
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
    renderRoutes({ path: '/', routes: [{ path: '/', element: <ResellerActivityPanels resellerId={3} /> }] });

  it('counts down in at most two units and reads pending unmount at zero, without the suppress link', async () => {
    render();
    const rows = await screen.findAllByTestId('cloud-share');
    // The server's clock is used, whatever this machine's clock says.
    expect(rows[0]?.textContent).toMatch(/expires in 6 days 3 hours/);
    expect(rows[0]?.textContent).toContain('Suppress');
    expect(rows[1]?.textContent).toContain('pending unmount');
    expect(rows[1]?.textContent).not.toContain('Suppress');
    expect(rows[1]?.textContent).toContain('Edit or expire');
  });

  it('edits a local share’s expiry: the choice is sent in seconds and the feed shows the server’s time', async () => {
    render();
    const row = await screen.findByTestId('local-share');
    expect(row.textContent).toContain(formatDateTime(NOW + 24 * 3_600_000));
    fireEvent.click(screen.getByRole('button', { name: 'Edit expiry' }));
    const select = await screen.findByTestId('expiry-select');
    expect((select as HTMLInputElement).value).toBe('24 hours');
    // The default choice, 24 hours, goes out as 86400 seconds (the browser test picks another).
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([u]) => String(u).endsWith('/share/set_cifs_share_ttl/9/86400')),
      ).toBe(true),
    );
    await waitFor(() =>
      expect(screen.getByTestId('share-expiry').textContent).toContain(formatDateTime(NOW + 3_600_000)),
    );
  });

  it('opens the expiry editor at the current expiry, shows it, and warns before shortening it', async () => {
    expire = NOW + 72 * 3_600_000;
    render();
    await screen.findByTestId('local-share');
    fireEvent.click(screen.getByRole('button', { name: 'Edit expiry' }));
    const select = await screen.findByTestId('expiry-select');
    expect((select as HTMLInputElement).value).toBe('3 days');
    expect(
      screen.getByText(formatDateTime(NOW + 72 * 3_600_000)).closest('[data-current-expiry]'),
    ).not.toBeNull();
    expect(document.querySelector('[data-shortens]')).toBeNull();
    fireEvent.click(select);
    fireEvent.click(await screen.findByRole('option', { name: '1 hour', hidden: true }));
    await screen.findByText('This ends the share earlier than it is set to end now.');
  });

  it('a cloud share row says what it holds, how big it is, who made it and when (issue 18.15)', async () => {
    render();
    const [row] = await screen.findAllByTestId('cloud-share');
    expect(row?.textContent).toContain('FS01 · Acme');
    expect(row?.textContent).toContain('report-1.pdf, notes.txt · 2 files');
    expect(row?.textContent).toContain('1.5 KB');
    expect(row?.textContent).toContain(`Made ${formatDateTime(NOW - 1000)} by Ada Lovelace`);
  });

  it('suppress asks first, then confirms with a toast', async () => {
    const toast = vi.spyOn(notifications, 'show').mockImplementation(() => '');
    render();
    await screen.findAllByTestId('cloud-share');
    fireEvent.click(screen.getAllByRole('button', { name: 'Suppress' })[0] as HTMLElement);
    const confirm = await screen.findByRole('button', { name: 'Hide share' });
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('suppress_cloud_share'))).toBe(false);
    fireEvent.click(confirm);
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Hidden from the panel' })),
    );
  });

  it("'Edit or expire' changes the expiry and confirms with a toast", async () => {
    const toast = vi.spyOn(notifications, 'show').mockImplementation(() => '');
    render();
    await screen.findAllByTestId('cloud-share');
    fireEvent.click(screen.getAllByRole('button', { name: 'Edit or expire' })[0] as HTMLElement);
    fireEvent.click(await screen.findByRole('button', { name: 'Save expiry' }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([u, init]) =>
            String(u).includes('/ra/set_cloud_link_expiry/1') && String(init?.body).includes('"hours":24'),
        ),
      ).toBe(true),
    );
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({
          title: 'Expiry changed',
          message: expect.stringContaining(formatDateTime(NOW + 72 * 3_600_000)),
        }),
      ),
    );
  });
});
