import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../test/render';
import { LoginForm } from './LoginForm';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function renderForm() {
  return renderRoutes({
    path: '/login',
    session: null,
    routes: [{ path: '/login', element: <LoginForm onSignedIn={() => {}} /> }],
  });
}

function fill(label: RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('LoginForm', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('has labelled fields and a sign-in button', () => {
    renderForm();
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(screen.getByLabelText(/user name/i)).toBeTruthy();
    expect(screen.getByLabelText(/^password/i)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
  });

  it('asks for missing fields without calling the server', async () => {
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter your user name.')).toBeTruthy();
    expect(screen.getByText('Enter your password.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's message in an alert on wrong credentials", async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(401, { code: 'BAD_CREDENTIALS', message: 'The user name or password is not right.' }),
    );
    renderForm();
    fill(/user name/i, 'reseller');
    fill(/^password/i, 'wrong');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The user name or password is not right.');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/session');
    expect(JSON.parse(String(init?.body))).toEqual({ username: 'reseller', password: 'wrong' });
    // The password is cleared for the next try.
    expect((screen.getByLabelText(/^password/i) as HTMLInputElement).value).toBe('');
  });

  it('asks for the MFA code when the server requires it and sends it', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(401, { code: 'MFA_REQUIRED', message: 'Enter your code.' }));
    renderForm();
    fill(/user name/i, 'reseller');
    fill(/^password/i, 'demo');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const code = await screen.findByLabelText(/authentication code/i);
    expect(screen.getByRole('status').textContent).toContain('Enter your code.');
    expect(screen.queryByRole('alert')).toBeNull();

    fetchMock.mockResolvedValueOnce(
      jsonResponse(429, { code: 'TOO_MANY_REQUESTS', message: 'Wait 15 minutes.' }),
    );
    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Wait 15 minutes.');
    expect(JSON.parse(String(fetchMock.mock.calls[1]?.[1]?.body))).toEqual({
      username: 'reseller',
      password: 'demo',
      code: '123456',
    });
  });

  it('reports an unreachable server', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    renderForm();
    fill(/user name/i, 'reseller');
    fill(/^password/i, 'demo');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/could not reach/i));
  });
});
