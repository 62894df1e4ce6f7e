import type { Right, UserRow } from '@lifeboat/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser, renderRoutes } from '../../test/render';
import { UserTablePage } from './UserTablePage';

const notify = vi.hoisted(() => vi.fn());
vi.mock('../entities/notifySaved', () => ({ notifySaved: notify }));

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const user = (id: number, name: string, mfa: boolean): UserRow => ({
  id,
  username: name.toLowerCase().replace(' ', '.'),
  name,
  email: null,
  level: 0,
  organisation_id: 5,
  organisation_name: 'Acme',
  organisation_kind: 'client',
  disabled: false,
  mfa_enabled: mfa,
  created_at: 0,
  role_id: null,
  role_name: null,
  can_edit: true,
  can_delete: true,
  can_details: false,
  can_support: false,
});

const ROWS = [user(11, 'Grace Hopper', true), user(12, 'Alan Turing', false)];

function renderPage(kind: 'staff' | 'reseller', rights?: Right[]) {
  const me = makeUser(kind);
  return renderRoutes({
    path: '/',
    session: { user: rights ? { ...me, rights } : me, csrfToken: 't' },
    routes: [
      { path: '/', element: <UserTablePage entity="user" title="Users" subtitle="People" levels={[]} /> },
    ],
  });
}

/** The menu's items, once the table has settled (the menu closes if its row re-renders). */
async function openMenu(name: string) {
  await screen.findByText(name);
  fireEvent.click(screen.getByRole('button', { name: `Actions for ${name}` }));
  const items = await screen.findAllByRole('menuitem');
  return items.map((i) => i.textContent);
}

describe('UserTablePage Reset MFA (issue 17 point 1)', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.includes('/mfa/reset/')) return json(200, { ok: true });
      return json(200, {
        content: ROWS,
        records_count: 2,
        records_count_capped: false,
        empty_desc: '',
        page: 1,
        rows: 25,
      });
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
    notify.mockReset();
  });

  it('offers staff a Reset MFA only for users with MFA on, confirms by name and resets', async () => {
    renderPage('staff');
    expect(await openMenu('Alan Turing')).toEqual(['Edit', 'Delete']);
    fireEvent.click(screen.getByRole('button', { name: 'Actions for Alan Turing' }));
    await waitFor(() => expect(screen.queryByRole('menuitem', { name: 'Edit' })).toBeNull());
    expect(await openMenu('Grace Hopper')).toEqual(['Edit', 'Reset MFA', 'Delete']);
    fireEvent.click(screen.getByText('Reset MFA'));
    expect(await screen.findByText('Reset MFA of Grace Hopper?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reset MFA' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('MFA of Grace Hopper was reset.'));
    const reset = fetchMock.mock.calls.find(([u]) => String(u).includes('/mfa/reset/'));
    expect(String(reset?.[0])).toContain('/mfa/reset/11');
    expect(reset?.[1]?.method).toBe('POST');
  });

  it('shows the server refusal in the dialog', async () => {
    fetchMock.mockImplementation(async (input) => {
      if (String(input).includes('/mfa/reset/'))
        return json(403, { code: 'forbidden', message: "Only the provider's staff can reset a user's MFA." });
      return json(200, {
        content: ROWS,
        records_count: 2,
        records_count_capped: false,
        empty_desc: '',
        page: 1,
        rows: 25,
      });
    });
    renderPage('staff');
    await openMenu('Grace Hopper');
    fireEvent.click(screen.getByText('Reset MFA'));
    fireEvent.click(await screen.findByRole('button', { name: 'Reset MFA' }));
    expect(await screen.findByText("Only the provider's staff can reset a user's MFA.")).toBeTruthy();
    expect(notify).not.toHaveBeenCalled();
  });

  it('does not offer it to a reseller', async () => {
    renderPage('reseller');
    expect(await openMenu('Grace Hopper')).toEqual(['Edit', 'Delete']);
  });
});

describe('UserTablePage actions by the session’s rights (docs/decisions.md Roles)', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const page = (content: UserRow[]) =>
    json(200, { content, records_count: 1, records_count_capped: false, empty_desc: '', page: 1, rows: 25 });
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('offers no Add user, Edit or Delete to a role without manage_users', async () => {
    fetchMock.mockImplementation(async () =>
      page([{ ...user(12, 'Alan Turing', false), can_edit: false, can_delete: false }]),
    );
    renderPage('reseller', ['read']);
    await screen.findByText('Alan Turing');
    expect(screen.queryByRole('button', { name: 'Add user' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Actions for Alan Turing' })).toBeNull();
  });

  it('offers Add user but no Edit or Delete on a user holding more than the viewer', async () => {
    fetchMock.mockImplementation(async () =>
      page([{ ...user(12, 'Alan Turing', false), can_edit: false, can_delete: false }]),
    );
    renderPage('reseller', ['read', 'manage_users']);
    await screen.findByText('Alan Turing');
    expect(screen.getByRole('button', { name: 'Add user' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Actions for Alan Turing' })).toBeNull();
  });
});
