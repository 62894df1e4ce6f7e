import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/render';
import { DeviceActions } from './DeviceActions';
import { actions, jsonResponse, stubDeviceApi } from './testFixtures';

const THRESHOLDS = {
  ok: true,
  is_d2c: false,
  appliance_id: 3,
  thresholds: [
    {
      kind: 'server',
      name: 'Backups',
      enabled: true,
      minutes: 2160,
      value: '36 hours',
      inherited: true,
      inherited_from: 'default',
    },
  ],
};

function renderActions() {
  return renderRoutes({ path: '/', routes: [{ path: '/', element: <DeviceActions deviceId={5} /> }] });
}

const calls = (fetchMock: ReturnType<typeof stubDeviceApi>, prefix: string) =>
  fetchMock.mock.calls.filter(([url]) => String(url).startsWith(prefix));

describe('DeviceActions', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('opens alert settings through the appliance flow, ignoring repeat clicks while loading', async () => {
    let release: (r: Response) => void = () => {};
    const pending = new Promise<Response>((r) => {
      release = r;
    });
    const fetchMock = stubDeviceApi({});
    // The thresholds request stays open until released.
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.startsWith('/device/get_device_alert_thresholds/')) return pending;
      return jsonResponse(200, actions());
    });
    renderActions();
    const button = await screen.findByRole('button', { name: 'Alert settings' });
    fireEvent.click(button);
    fireEvent.click(button);
    fireEvent.click(button);
    expect(calls(fetchMock, '/device/get_device_alert_thresholds/')).toHaveLength(1);
    release(jsonResponse(200, THRESHOLDS));
    expect(await screen.findByRole('dialog', { name: /Alert settings/ })).toBeTruthy();
    expect(screen.getByLabelText('Alert after (hours)')).toBeTruthy();
  });

  it('checks the typed threshold: digits only, with the range message', async () => {
    stubDeviceApi({
      '/device/get_device_actions/5': actions(),
      '/device/get_device_alert_thresholds/3/4/5': THRESHOLDS,
    });
    renderActions();
    fireEvent.click(await screen.findByRole('button', { name: 'Alert settings' }));
    const input = (await screen.findByLabelText('Alert after (hours)')) as HTMLInputElement;
    fireEvent.change(input, { target: { value: '9a9999' } });
    expect(input.value).toBe('99999');
    expect(await screen.findByText('Enter a whole number of hours between 2 and 8760.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(input, { target: { value: '48' } });
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(false),
    );
  });

  it('asks before switching geo-plus on, unless the server disables the confirmation', async () => {
    const fetchMock = stubDeviceApi({
      '/device/get_device_actions/5': actions({ geoConfirmationDisabled: true }),
      '/device/set_geo_plus': { has_error: false, setting: true, message: 'Geo-plus is on.' },
    });
    renderActions();
    fireEvent.click(await screen.findByRole('switch', { name: 'Geo-plus' }));
    await waitFor(() => expect(calls(fetchMock, '/device/set_geo_plus')).toHaveLength(1));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens the confirmation before switching geo-plus on by default', async () => {
    const fetchMock = stubDeviceApi({ '/device/get_device_actions/5': actions() });
    renderActions();
    fireEvent.click(await screen.findByRole('switch', { name: 'Geo-plus' }));
    expect(await screen.findByRole('dialog', { name: 'Switch on geo-plus?' })).toBeTruthy();
    expect(calls(fetchMock, '/device/set_geo_plus')).toHaveLength(0);
  });

  it('refreshes the cards once when a found-running AutoVerify ends, not again on a remount', async () => {
    // The card still reports the ended operation (an answer cached before it ended): following it
    // must not refresh everything on each mount (issue 18: the actions card looped).
    const fetchMock = stubDeviceApi({
      '/device/get_device_actions/5': actions({ autoverifyOperationId: 77 }),
      '/api/operations/77': {
        id: 77,
        kind: 'autoverify.run',
        status: 'succeeded',
        progress: 100,
        step: null,
      },
    });
    const first = renderActions();
    await screen.findByRole('button', { name: 'Run cloud AutoVerify' });
    await waitFor(() => expect(calls(fetchMock, '/device/get_device_actions/5')).toHaveLength(2));
    first.unmount();
    renderRoutes({
      path: '/',
      routes: [{ path: '/', element: <DeviceActions deviceId={5} /> }],
      queryClient: first.queryClient,
    });
    await screen.findByRole('button', { name: 'Run cloud AutoVerify' });
    await waitFor(() => expect(first.queryClient.isFetching()).toBe(0));
    expect(calls(fetchMock, '/device/get_device_actions/5')).toHaveLength(2);
    expect(calls(fetchMock, '/api/operations/77')).toHaveLength(1);
  });

  it('disables the AutoVerify run with the queued tooltip when the server says so', async () => {
    stubDeviceApi({
      '/device/get_device_actions/5': actions({ autoverifyDisabled: true, autoverifyTooltip: 'Queued.' }),
    });
    renderActions();
    const run = (await screen.findByRole('button', { name: 'Run cloud AutoVerify' })) as HTMLButtonElement;
    expect(run.disabled).toBe(true);
  });
});
