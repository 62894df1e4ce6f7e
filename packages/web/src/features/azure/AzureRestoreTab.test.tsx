import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser, renderRoutes } from '../../test/render';
import { ResellerSettingsPage } from '../settings/ResellerSettingsPage';
import { AzureRestoreTab } from './AzureRestoreTab';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const answer = (enabled: boolean) => ({ reseller_id: 5, enabled });

describe("Reseller settings: the staff's Azure direct restore switch", () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    fetchMock.mockReset();
  });
  const open = () =>
    renderRoutes({
      path: '/',
      session: { user: makeUser('staff'), csrfToken: 't' },
      routes: [{ path: '/', element: <AzureRestoreTab resellerId={5} /> }],
    });
  const toggle = async () =>
    (await screen.findByRole('switch', { name: /Azure direct restore/ })) as HTMLInputElement;

  it('asks before turning it off, saves it and says so', async () => {
    fetchMock.mockResolvedValueOnce(json(answer(true))).mockResolvedValueOnce(json(answer(false)));
    const toast = vi.spyOn(notifications, 'show').mockImplementation(() => '');
    open();
    const sw = await toggle();
    expect(sw.checked).toBe(true);
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/azure_export/get_reseller_azure_enabled/5');
    fireEvent.click(sw);
    expect(await screen.findByText('Turn Azure direct restore off?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText('Turn Azure direct restore off?')).toBeNull());
    expect(fetchMock).toHaveBeenCalledTimes(1);
    fireEvent.click(sw);
    fireEvent.click(await screen.findByRole('button', { name: 'Turn it off' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({ title: 'Azure direct restore turned off' }),
      ),
    );
    const [url, init] = fetchMock.mock.calls[1] ?? [];
    expect(url).toBe('/azure_export/set_reseller_azure_enabled');
    expect(JSON.parse(String(init?.body))).toEqual({ reseller_id: 5, enabled: false });
    await waitFor(() => expect((screen.getByRole('switch') as HTMLInputElement).checked).toBe(false));
  });

  it('turns it on without asking', async () => {
    fetchMock.mockResolvedValueOnce(json(answer(false))).mockResolvedValueOnce(json(answer(true)));
    const toast = vi.spyOn(notifications, 'show').mockImplementation(() => '');
    open();
    fireEvent.click(await toggle());
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({ title: 'Azure direct restore turned on' }),
      ),
    );
    expect(screen.queryByText('Turn Azure direct restore off?')).toBeNull();
    expect(JSON.parse(String(fetchMock.mock.calls[1]?.[1]?.body))).toEqual({ reseller_id: 5, enabled: true });
    await waitFor(() => expect((screen.getByRole('switch') as HTMLInputElement).checked).toBe(true));
  });

  it('shows a refusal and leaves the switch as it was', async () => {
    fetchMock
      .mockResolvedValueOnce(json(answer(false)))
      .mockResolvedValueOnce(json({ error: 'Only the provider’s staff switch Azure direct restore.' }, 403));
    open();
    fireEvent.click(await toggle());
    expect(await screen.findByText('Nothing was changed')).toBeTruthy();
    expect((screen.getByRole('switch') as HTMLInputElement).checked).toBe(false);
  });

  it("is a tab of the reseller's settings for the provider's staff only", async () => {
    const thresholds = { ok: true, level: 'reseller', id: 5, name: 'Northwind IT', thresholds: [] };
    for (const kind of ['staff', 'reseller'] as const) {
      fetchMock.mockReset();
      fetchMock.mockImplementation(async (url) =>
        String(url).includes('azure') ? json(answer(true)) : json(thresholds),
      );
      const { unmount } = renderRoutes({
        path: '/',
        session: { user: makeUser(kind), csrfToken: 't' },
        routes: [{ path: '/', element: <ResellerSettingsPage resellerId={5} /> }],
      });
      await screen.findByRole('tab', { name: 'Failover approval' });
      const tab = screen.queryByRole('tab', { name: 'Azure direct restore' });
      if (kind === 'reseller') {
        expect(tab).toBeNull();
      } else {
        expect(tab).toBeTruthy();
        fireEvent.click(tab as HTMLElement);
        expect((await toggle()).checked).toBe(true);
      }
      unmount();
    }
  });
});
