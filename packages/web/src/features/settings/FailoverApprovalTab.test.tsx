import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser, renderRoutes } from '../../test/render';
import { FailoverApprovalTab } from './FailoverApprovalTab';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const answer = (on: boolean) => ({ reseller_id: 5, approval_required: on, window_minutes: 30 });

describe('Reseller settings: production failover approval', () => {
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
      session: { user: makeUser('reseller'), csrfToken: 't' },
      routes: [{ path: '/', element: <FailoverApprovalTab resellerId={5} /> }],
    });
  const toggle = () => screen.findByRole('switch', { name: /Production failover needs approval/ });

  it('asks before turning the rule off, saves it and says so', async () => {
    fetchMock.mockResolvedValueOnce(json(answer(true))).mockResolvedValueOnce(json(answer(false)));
    const toast = vi.spyOn(notifications, 'show').mockImplementation(() => '');
    open();
    const sw = (await toggle()) as HTMLInputElement;
    expect(sw.checked).toBe(true);
    fireEvent.click(sw);
    expect(await screen.findByText('Turn approval off?')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText('Turn approval off?')).toBeNull());
    expect(fetchMock).toHaveBeenCalledTimes(1);
    fireEvent.click(sw);
    fireEvent.click(await screen.findByRole('button', { name: 'Turn approval off' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({ message: 'Production failovers now start without approval.' }),
      ),
    );
    const [url, init] = fetchMock.mock.calls[1] ?? [];
    expect(url).toBe('/settings/reseller_settings/save_failover_approval/5');
    expect(JSON.parse(String(init?.body))).toEqual({ approval_required: false });
    await waitFor(() => expect((screen.getByRole('switch') as HTMLInputElement).checked).toBe(false));
  });

  it('turns the rule on without asking', async () => {
    fetchMock.mockResolvedValueOnce(json(answer(false))).mockResolvedValueOnce(json(answer(true)));
    const toast = vi.spyOn(notifications, 'show').mockImplementation(() => '');
    open();
    fireEvent.click(await toggle());
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Approval turned on' })),
    );
    expect(screen.queryByText('Turn approval off?')).toBeNull();
    expect(JSON.parse(String(fetchMock.mock.calls[1]?.[1]?.body))).toEqual({ approval_required: true });
  });

  it('shows a refusal and leaves the switch as it was', async () => {
    fetchMock.mockResolvedValueOnce(json(answer(false))).mockResolvedValueOnce(
      new Response(JSON.stringify({ error: 'Only the reseller’s users can change this setting.' }), {
        status: 403,
        headers: { 'content-type': 'application/json' },
      }),
    );
    open();
    fireEvent.click(await toggle());
    expect(await screen.findByText('Nothing was changed')).toBeTruthy();
    expect((screen.getByRole('switch') as HTMLInputElement).checked).toBe(false);
  });
});
