import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../../test/render';
import { FtpsCredentialsTable } from './FtpsCredentialsTable';

// A copy button per value; a refused clipboard write says so beside the value (spec:
// recovery-flow 8, 'Copy-to-clipboard failure shows copy error text').

const CREDS = {
  host: 'ftps.example',
  port: 2121,
  login: 'lb-abc',
  password: 'S3cret-pass',
  expirationDays: 7,
  ftpClientsLink: 'https://example.org/clients',
};

function show(writeText: (v: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  renderRoutes({ path: '/', routes: [{ path: '/', element: <FtpsCredentialsTable credentials={CREDS} /> }] });
}

describe('FtpsCredentialsTable', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'clipboard');
  });

  it('copies a value', async () => {
    const writeText = vi.fn(async () => {});
    show(writeText);
    fireEvent.click(await screen.findByRole('button', { name: 'Copy the password' }));
    expect(writeText).toHaveBeenCalledWith('S3cret-pass');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the copy-error text when the clipboard refuses', async () => {
    show(async () => {
      throw new Error('denied');
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Copy the login' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/Could not copy/);
  });
});
