import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, configureApiClient } from './client';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('api client', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const onUnauthorized = vi.fn();

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    configureApiClient({ csrfToken: () => 'tok-1', onUnauthorized });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
    onUnauthorized.mockReset();
  });

  it('sends the anti-forgery header, the XHR marker and the cookie', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { ok: true }));
    await expect(api('/device/get_device_alert/5')).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    const headers = new Headers(init?.headers);
    expect(url).toBe('/device/get_device_alert/5');
    expect(init?.method).toBe('GET');
    expect(init?.credentials).toBe('same-origin');
    expect(headers.get('x-csrf-token')).toBe('tok-1');
    expect(headers.get('x-requested-with')).toBe('XMLHttpRequest');
  });

  it('posts JSON and form bodies', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await api('/api/thing', { json: { a: 1 } });
    await api('/device/set_geo_plus', { form: { id: 5, value: true, skip: undefined } });
    const [, jsonInit] = fetchMock.mock.calls[0] ?? [];
    const [, formInit] = fetchMock.mock.calls[1] ?? [];
    expect(jsonInit?.method).toBe('POST');
    expect(jsonInit?.body).toBe('{"a":1}');
    expect(new Headers(jsonInit?.headers).get('content-type')).toBe('application/json');
    expect(String(formInit?.body)).toBe('id=5&value=1');
    expect(new Headers(formInit?.headers).get('content-type')).toContain('application/x-www-form-urlencoded');
  });

  it('adds query parameters', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, []));
    await api('/client/empty_table', { query: { reseller_id: 3, health_status: 'UNPROTECTED' } });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/client/empty_table?reseller_id=3&health_status=UNPROTECTED');
  });

  it('turns error answers into ApiError with code, message and fields', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(400, { code: 'BAD_REQUEST', message: 'Check the form.', fields: { name: 'Too long.' } }),
    );
    const err = await api('/api/x', { json: {} }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      status: 400,
      code: 'BAD_REQUEST',
      message: 'Check the form.',
      fields: { name: 'Too long.' },
    });
  });

  it('describes answers that are not JSON errors and network failures', async () => {
    fetchMock.mockResolvedValueOnce(new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(api('/api/x')).rejects.toMatchObject({ status: 502, code: 'HTTP_502' });
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(api('/api/x')).rejects.toMatchObject({ status: 0, code: 'NETWORK' });
  });

  it('reports a 401 as the end of the session, except where 401 is an expected answer', async () => {
    fetchMock.mockImplementation(async () =>
      jsonResponse(401, { code: 'UNAUTHORIZED', message: 'Sign in.' }),
    );
    await expect(api('/api/session', { expectUnauthorized: true })).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).not.toHaveBeenCalled();
    await expect(api('/device/get_device_alert/5')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });
});
