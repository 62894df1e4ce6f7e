import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser, renderRoutes } from '../../test/render';
import { UserDialog } from './UserDialog';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function renderDialog(onSaved: (id: number) => void = () => {}) {
  return renderRoutes({
    path: '/',
    session: { user: makeUser('reseller'), csrfToken: 't' },
    routes: [
      {
        path: '/',
        element: <UserDialog opened onClose={() => {}} organisationId={42} onSaved={onSaved} />,
      },
    ],
  });
}

const HINT = 'Leave empty to sign in with the e-mail address.';
const fill = (label: RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('UserDialog', () => {
  const fetchMock = vi.fn<typeof fetch>();
  /** The saves the dialog sent (the roles it may offer are asked for first). */
  const saves = () => fetchMock.mock.calls.filter(([url]) => !String(url).startsWith('/api/roles'));
  const noRoles = () => json(200, { roles: [], can_create: true });
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockImplementation(async () => noRoles());
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('says one thing about the user name: the error replaces the hint (issue 18.16)', async () => {
    renderDialog();
    expect(screen.getByText(HINT)).toBeTruthy();
    fill(/full name/i, 'Jane Doe');
    fill(/e-mail/i, 'jane@example.com');
    fill(/user name/i, 'jane doe');
    fill(/^password/i, 'long enough');
    fireEvent.click(screen.getByRole('button', { name: 'Add user' }));
    expect(await screen.findByText('Use letters, digits and _ @ . - + only, without spaces.')).toBeTruthy();
    expect(screen.queryByText(HINT)).toBeNull();
    expect(saves()).toEqual([]);
  });

  it('sends the cleaned values and shows the server field errors under their inputs', async () => {
    fetchMock.mockImplementation(async (url) =>
      String(url).startsWith('/api/roles')
        ? noRoles()
        : json(400, {
            is_error: true,
            errors: { username: 'This user name is taken. Choose another one.' },
            code: 'BAD_REQUEST',
            message: 'This user name is taken. Choose another one.',
            fields: { username: 'This user name is taken. Choose another one.' },
          }),
    );
    renderDialog();
    fill(/full name/i, ' Jane Doe ');
    fill(/e-mail/i, 'Jane@Example.com');
    fill(/user name/i, 'Jane');
    fill(/^password/i, 'long enough');
    fireEvent.click(screen.getByRole('button', { name: 'Add user' }));
    expect(await screen.findByText('This user name is taken. Choose another one.')).toBeTruthy();
    expect(screen.getByText('Please correct the fields below.')).toBeTruthy();
    const [url, init] = saves()[0] ?? [];
    expect(url).toBe('/api/v1/object/user/save');
    expect(Object.fromEntries(new URLSearchParams(String(init?.body)))).toEqual({
      name: 'Jane Doe',
      email: 'jane@example.com',
      password: 'long enough',
      disabled: '0',
      username: 'jane',
      organisation_id: '42',
      role_id: '0',
    });
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Add user' }) as HTMLButtonElement).disabled).toBe(false),
    );
  });
});
