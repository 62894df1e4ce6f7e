import type { DeviceAlertThresholdsAnswer } from '@lifeboat/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser, renderRoutes } from '../../test/render';
import { AlertSettingsModal } from './AlertSettingsModal';

const SETTINGS: DeviceAlertThresholdsAnswer = {
  ok: true,
  is_d2c: true,
  appliance_id: null,
  thresholds: [
    {
      kind: 'server',
      name: 'Server backups',
      enabled: true,
      minutes: 1440,
      value: '1 day',
      inherited: false,
      inherited_from: null,
    },
  ],
};

describe('AlertSettingsModal', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('checks the typed hours with the contract rule and saves minutes', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify(SETTINGS), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
    );
    const onClose = vi.fn();
    renderRoutes({
      path: '/',
      session: { user: makeUser('reseller'), csrfToken: 't' },
      routes: [
        {
          path: '/',
          element: (
            <AlertSettingsModal deviceId={5} deviceName="SRV-01" settings={SETTINGS} onClose={onClose} />
          ),
        },
      ],
    });
    const hours = screen.getByLabelText('Alert after (hours)') as HTMLInputElement;
    expect(hours.value).toBe('24');
    const save = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    fireEvent.change(hours, { target: { value: '1h' } });
    expect(hours.value).toBe('1');
    expect(await screen.findByText('Enter a whole number of hours between 2 and 8760.')).toBeTruthy();
    expect(save().disabled).toBe(true);
    fireEvent.change(hours, { target: { value: '12' } });
    await waitFor(() => expect(save().disabled).toBe(false));
    fireEvent.click(save());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/device/save_device_alert_thresholds');
    expect(String(init?.body)).toBe('id=5&backup_minutes=720&backup_enabled=1');
  });
});
