import { AZURE_COPIED_FLASH_MS } from '@lifeboat/contract';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/render';
import { DeviceCodeBox } from './DeviceCodeBox';

// The device code (dashboard-device-azure 4, 9): a mm:ss countdown to the code's end, then the
// expired text and a regenerate button; the copy message goes after 5 s.

const NOW = Date.UTC(2026, 10, 24, 1, 0, 0);
const code = {
  device_code: 'ABCD23456',
  verification_url: '/sim/azure/devicelogin',
  expires_at: NOW + 900_000,
  expires_in: 900,
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
  vi.setSystemTime(NOW);
  Object.assign(navigator, { clipboard: { writeText: vi.fn(async () => undefined) } });
});
afterEach(() => vi.useRealTimers());

function show(expired = false, onRegenerate = vi.fn(), shown = code) {
  renderRoutes({
    path: '/',
    routes: [
      {
        path: '/',
        element: (
          <DeviceCodeBox
            title="1. Manager"
            code={shown}
            receivedAt={Date.now()}
            expired={expired}
            onRegenerate={onRegenerate}
          />
        ),
      },
    ],
  });
  return onRegenerate;
}

describe('DeviceCodeBox', () => {
  it('counts down, then offers a new code once expired', () => {
    const regenerate = show();
    expect(screen.getByTestId('code-countdown').textContent).toBe('15:00');
    expect(screen.getByRole('link', { name: 'the Microsoft sign-in page' }).getAttribute('target')).toBe(
      '_blank',
    );
    act(() => vi.advanceTimersByTime(61_000));
    expect(screen.getByTestId('code-countdown').textContent).toBe('13:59');
    act(() => vi.advanceTimersByTime(900_000));
    expect(screen.getByText(/This code has expired/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Regenerate the code' }));
    expect(regenerate).toHaveBeenCalledOnce();
  });

  it('counts down from the server’s seconds left, whatever this PC’s clock says', () => {
    // This PC's clock is 15 minutes ahead of the server's: the server's expiry is "now" here.
    show(false, vi.fn(), { ...code, expires_at: NOW, expires_in: 900 });
    expect(screen.getByTestId('code-countdown').textContent).toBe('15:00');
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByTestId('code-countdown').textContent).toBe('14:00');
  });

  it('shows the expired state the server reports', () => {
    show(true);
    expect(screen.queryByTestId('device-code')).toBeNull();
    expect(screen.getByRole('button', { name: 'Regenerate the code' })).toBeTruthy();
  });

  it('flashes the copy message for 5 s', async () => {
    show();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy the code' }));
    });
    expect(navigator.clipboard.writeText).toHaveBeenCalledWith('ABCD23456');
    expect(screen.getByRole('status').textContent).toContain('Code copied');
    act(() => vi.advanceTimersByTime(AZURE_COPIED_FLASH_MS + 10));
    expect(screen.queryByRole('status')).toBeNull();
  });
});
