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
  let madeKeys: Record<string, unknown>[] = [];
  beforeEach(() => {
    enabled = false;
    madeKeys = [];
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
      if (url.endsWith('/api/keys') && init?.method === 'POST') {
        const body = JSON.parse(String(init.body));
        const row = { id: 1, name: body.name, prefix: 'lbk_abcdefg', rights: ['read'], readOnly: true };
        madeKeys.push({
          ...row,
          createdAt: 0,
          expiresAt: body.days * 86_400_000,
          lastUsedAt: null,
          revokedAt: null,
        });
        return json({ key: 'lbk_abcdefg-the-whole-key', row: madeKeys[0] });
      }
      if (url.endsWith('/api/keys')) return json({ keys: madeKeys });
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

  it('makes an API key, shows it once with a copy button, then lists it without the key', async () => {
    renderRoutes({
      path: '/account/security',
      session: { user: makeUser('reseller'), csrfToken: 't' },
      routes: [{ path: '/account/security', element: <AccountSecurityPage /> }],
    });
    expect(await screen.findByText('You have no keys yet.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Name', { exact: false }), { target: { value: 'PSA sync' } });
    fireEvent.click(screen.getByRole('button', { name: 'Make the key' }));
    expect((await screen.findByTestId('new-api-key-value')).textContent).toBe('lbk_abcdefg-the-whole-key');
    expect(screen.getByRole('button', { name: 'Copy the key' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'I have copied it' }));
    await waitFor(() => expect(screen.queryByTestId('new-api-key-value')).toBeNull());
    expect(await screen.findByText('PSA sync')).toBeTruthy();
    expect(screen.queryByText('lbk_abcdefg-the-whole-key')).toBeNull();
  });
});
