import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser, renderRoutes } from '../../test/render';
import { AccountSecurityPage } from './AccountSecurityPage';

// The MFA setup screen (spec: inventory-reports-exports-security 2, 5, 8; issue 17.1).

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const CODES = Array.from({ length: 10 }, (_, i) => `abcde-fgh${String(i).padStart(2, '0')}`);

describe('AccountSecurityPage', () => {
  const fetchMock = vi.fn<typeof fetch>();
  let enabled = false;
  beforeEach(() => {
    enabled = false;
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.includes('/mfa/status'))
        return json({ enabled, required: false, recoveryCodesLeft: enabled ? 10 : 0 });
      if (url.includes('/mfa/generate_secret_key'))
        return json({
          qrCodeText: 'otpauth://totp/Lifeboat:reseller?secret=JBSWY3DPEHPK3PXP',
          secret: 'JBSWY3DPEHPK3PXP',
          qr: { size: 21, path: 'M0 0h1v1h-1z' },
        });
      if (url.includes('/user_login/init_user_with_mfa')) {
        const body = JSON.parse(String(init?.body));
        if (body.code !== '123456')
          return json({ is_error: true, errors: { mfa_save: 'The code does not match.' } });
        enabled = true;
        return json({ is_error: false, recoveryCodes: CODES });
      }
      return json({ code: 'NOT_FOUND', message: 'Not found.' }, 404);
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('enables Save from 4 characters, shows errors.mfa_save, then keeps the recovery codes on screen', async () => {
    renderRoutes({
      path: '/account/security',
      session: { user: makeUser('reseller'), csrfToken: 't' },
      routes: [{ path: '/account/security', element: <AccountSecurityPage /> }],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Set up MFA' }));
    expect(await screen.findByRole('img', { name: 'QR code of the MFA secret' })).toBeTruthy();
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeTruthy();
    const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    const input = screen.getByLabelText('Code from the app');
    fireEvent.change(input, { target: { value: '123' } });
    expect(save.disabled).toBe(true);
    fireEvent.change(input, { target: { value: '1234' } });
    expect(save.disabled).toBe(false);
    fireEvent.click(save);
    expect((await screen.findByRole('alert')).textContent).toContain('The code does not match.');
    fireEvent.change(input, { target: { value: '123456' } });
    fireEvent.click(save);
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(list.querySelectorAll('li')).toHaveLength(10);
    // The card's badge says On next to "MFA is on", before the codes are acknowledged.
    expect(screen.getByTestId('mfa-state').textContent).toBe('On');
    // Still there after any refresh of the status.
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByRole('button', { name: 'I have saved them' })).toBeTruthy();
    await waitFor(() => expect(screen.getByText(CODES[0] as string)).toBeTruthy());
  });
});
