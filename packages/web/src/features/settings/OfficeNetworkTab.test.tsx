import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser, renderRoutes } from '../../test/render';
import { NextStartNotice } from './OfficeNetworkTab';

const TITLE = 'Changes apply at the next start of the virtual office';
const open = (clientId: number) =>
  renderRoutes({
    path: '/',
    session: { user: makeUser('reseller'), csrfToken: 't' },
    routes: [{ path: '/', element: <NextStartNotice clientId={clientId} /> }],
  });

describe('Virtual office tab: the closable notice (spec 9, 365-day cookie)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    for (const c of document.cookie.split(';')) {
      const name = c.split('=')[0]?.trim();
      // biome-ignore lint/suspicious/noDocumentCookie: the code under test reads document.cookie.
      if (name) document.cookie = `${name}=; max-age=0; path=/`;
    }
  });

  it('closing it sets vo_error_closed_{clientId} for 365 days on path /', async () => {
    const set = vi.spyOn(Document.prototype, 'cookie', 'set');
    open(31);
    expect(screen.getByText(TITLE)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close this notice' }));
    await waitFor(() => expect(screen.queryByText(TITLE)).toBeNull());
    expect(set).toHaveBeenCalledWith(
      expect.stringMatching(/^vo_error_closed_31=1; max-age=31536000; path=\//),
    );
    expect(document.cookie).toContain('vo_error_closed_31=1');
  });

  it('stays hidden when the cookie exists, and only for that client', () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the code under test reads document.cookie.
    document.cookie = 'vo_error_closed_31=1; max-age=31536000; path=/';
    const first = open(31);
    expect(screen.queryByText(TITLE)).toBeNull();
    first.unmount();
    open(32);
    expect(screen.getByText(TITLE)).toBeTruthy();
  });
});
