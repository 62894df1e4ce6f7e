import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser, renderRoutes } from '../../test/render';
import { ClientDialog } from './ClientDialog';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function renderDialog(
  props: { clientId?: number; resellerId?: number; onSaved?: (id: number) => void } = {},
) {
  return renderRoutes({
    path: '/',
    session: { user: makeUser('reseller'), csrfToken: 't' },
    routes: [
      {
        path: '/',
        element: (
          <ClientDialog
            opened
            onClose={() => {}}
            resellerId={42}
            onSaved={props.onSaved ?? (() => {})}
            {...props}
          />
        ),
      },
    ],
  });
}

/** The answer of a list with no rows (the dialog's reseller picker). */
const EMPTY_LIST = {
  content: [],
  records_count: 0,
  records_count_capped: false,
  empty_desc: '',
  page: 1,
  rows: 25,
};

const nameInput = () => screen.getByLabelText(/client name/i) as HTMLInputElement;

describe('ClientDialog', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('drops the characters spec 5 excludes as they are typed', () => {
    renderDialog();
    fireEvent.change(nameInput(), { target: { value: 'Acme <Dental>; {Care} & Co.' } });
    expect(nameInput().value).toBe('Acme Dental Care & Co.');
  });

  it('shows field errors under their fields and enables the button again', async () => {
    fetchMock.mockResolvedValue(
      json(400, {
        is_error: true,
        errors: { name: 'A client named “Acme” already exists.' },
        code: 'BAD_REQUEST',
        message: 'A client named “Acme” already exists.',
        fields: { name: 'A client named “Acme” already exists.' },
      }),
    );
    renderDialog();
    fireEvent.change(nameInput(), { target: { value: 'Acme' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add client' }));
    expect(await screen.findByText('A client named “Acme” already exists.')).toBeTruthy();
    expect(screen.getByText('The client was not saved')).toBeTruthy();
    const button = screen.getByRole('button', { name: 'Add client' }) as HTMLButtonElement;
    expect(button.disabled).toBe(false);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/v1/object/client/save');
    expect(String(init?.body)).toBe('name=Acme&email=&reseller_id=42');
  });

  it('loads the client to edit and saves it by id', async () => {
    const onSaved = vi.fn();
    fetchMock.mockImplementation(async (url) =>
      String(url).endsWith('/save')
        ? json(200, { is_error: false, errors: {}, id: 9 })
        : json(200, { id: 9, name: 'Baker LLP', email: null, reseller_id: 42 }),
    );
    renderDialog({ clientId: 9, onSaved });
    await waitFor(() => expect(nameInput().value).toBe('Baker LLP'));
    fireEvent.change(nameInput(), { target: { value: 'Baker & Lowe LLP' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(9));
    const save = fetchMock.mock.calls.find(([u]) => String(u).endsWith('/save'));
    expect(String(save?.[1]?.body)).toBe('name=Baker+%26+Lowe+LLP&email=&id=9');
  });

  it('lets staff choose the reseller when none is given, and shows its error under the picker', async () => {
    fetchMock.mockImplementation(async (url) =>
      String(url).endsWith('/save')
        ? json(400, {
            is_error: true,
            errors: { reseller_id: 'Choose the reseller the client belongs to.' },
            code: 'BAD_REQUEST',
            message: 'Choose the reseller the client belongs to.',
            fields: { reseller_id: 'Choose the reseller the client belongs to.' },
          })
        : json(200, EMPTY_LIST),
    );
    renderDialog({ resellerId: 0 });
    expect(screen.getByRole('combobox', { name: /reseller/i })).toBeTruthy();
    fireEvent.change(nameInput(), { target: { value: 'Acme' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add client' }));
    expect(await screen.findByText('Choose the reseller the client belongs to.')).toBeTruthy();
  });

  it('flags every missing field of an empty Add client as staff, the reseller included, before sending', async () => {
    fetchMock.mockResolvedValue(json(200, EMPTY_LIST));
    renderDialog({ resellerId: 0 });
    fireEvent.click(screen.getByRole('button', { name: 'Add client' }));
    expect(await screen.findByText('Enter the client name.')).toBeTruthy();
    expect(screen.getByText('Choose the reseller the client belongs to.')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([u]) => String(u).endsWith('/save'))).toBe(false);
  });

  it('puts a server message naming no input of the form in the error alert', async () => {
    fetchMock.mockResolvedValue(
      json(400, {
        is_error: true,
        errors: { reseller_id: 'This reseller cannot be used.' },
        code: 'BAD_REQUEST',
        message: 'This reseller cannot be used.',
      }),
    );
    renderDialog();
    fireEvent.change(nameInput(), { target: { value: 'Acme' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add client' }));
    const alert = await screen.findByText('This reseller cannot be used.');
    expect(alert.closest('[role="alert"]')).toBeTruthy();
  });
});
