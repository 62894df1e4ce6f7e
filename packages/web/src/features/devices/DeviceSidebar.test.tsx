import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/render';
import { DeviceSidebar } from './DeviceSidebar';
import { actions, info, stubDeviceApi } from './testFixtures';

/** Generous waits: the machine running the suite may be busy. */
const WAIT = { timeout: 15_000 };

function renderSidebar(onClose = vi.fn()) {
  const r = renderRoutes({
    path: '/list',
    // The list that opened the sidebar stays on screen while the route changes under it.
    routes: [
      {
        element: <DeviceSidebar deviceId={5} onClose={onClose} />,
        children: [{ path: '/list' }, { path: '/elsewhere' }],
      },
    ],
  });
  return { ...r, onClose };
}

describe('DeviceSidebar (spec 2.3)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows name, type and status with the header coloured by status, and the actions', async () => {
    stubDeviceApi({
      '/device/get_device_details_info/5': info(),
      '/device/get_device_actions/5': actions(),
    });
    renderSidebar();
    const sidebar = await screen.findByTestId('device-sidebar', {}, WAIT);
    expect(await within(sidebar).findByRole('heading', { name: 'FS01' }, WAIT)).toBeTruthy();
    expect(within(sidebar).getByText('Server')).toBeTruthy();
    expect(within(sidebar).getAllByTestId('device-status')[0]?.textContent).toBe('Troubled');
    expect(sidebar.querySelector('[data-tone]')?.getAttribute('data-tone')).toBe('error');
    expect(within(sidebar).getByRole('link', { name: 'Open the device page' }).getAttribute('href')).toBe(
      '/device/details/5',
    );
    expect(await within(sidebar).findByRole('button', { name: 'Recover' }, WAIT)).toBeTruthy();
    expect(within(sidebar).getByRole('button', { name: 'Run cloud AutoVerify' })).toBeTruthy();
    expect(within(sidebar).getByRole('button', { name: 'Alert settings' })).toBeTruthy();
    expect(within(sidebar).getByRole('switch', { name: 'Geo-plus' })).toBeTruthy();
    // Cards whose answer is not ok stay in their skeleton.
    expect(within(sidebar).getByTestId('geo-summary').getAttribute('aria-busy')).toBe('true');
  });

  it('hides AutoVerify and the local cache for NAS devices', async () => {
    stubDeviceApi({
      '/device/get_device_details_info/5': info({
        is_nas: true,
        device_type: 'nas',
        device_status: 'PARKED',
      }),
    });
    renderSidebar();
    const sidebar = await screen.findByTestId('device-sidebar', {}, WAIT);
    await within(sidebar).findByRole('heading', { name: 'FS01' }, WAIT);
    expect(sidebar.querySelector('[data-tone]')?.getAttribute('data-tone')).toBe('info');
    expect(within(sidebar).queryByTestId('autoverify-card')).toBeNull();
    expect(within(sidebar).queryByTestId('local-cache')).toBeNull();
    expect(within(sidebar).getByTestId('protection-summary')).toBeTruthy();
  });

  it('closes on navigation', async () => {
    stubDeviceApi({ '/device/get_device_details_info/5': info() });
    const { router, onClose } = renderSidebar();
    await screen.findByTestId('device-sidebar', {}, WAIT);
    expect(onClose).not.toHaveBeenCalled();
    await act(() => router.navigate('/elsewhere'));
    expect(onClose).toHaveBeenCalled();
  });
});
