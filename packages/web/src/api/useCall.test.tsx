import { roleCalls, settingsCalls } from '@lifeboat/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from './client';
import { createQueryClient } from './queryClient';
import { callKey, useCall, useCallMutation } from './useCall';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

describe('useCall', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    configureApiClient({ csrfToken: () => 'tok', onUnauthorized: () => {} });
    fetchMock.mockImplementation(async () => json({ roles: [], can_create: true }));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('keys a read by its area, its METHOD path and its input', () => {
    expect(callKey(settingsCalls.officeNetwork, { params: { id: 4 } })).toEqual([
      'settings',
      'GET /settings/client_settings/get_office_network/:id',
      { params: { id: 4 } },
    ]);
  });

  it('reads once per key, and a write reads its area again (never from the query)', async () => {
    const client = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(
      () => ({ roles: useCall(roleCalls.list, {}), remove: useCallMutation(roleCalls.remove) }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.roles.data).toEqual({ roles: [], can_create: true }));
    expect(fetchMock.mock.calls.map(([, init]) => init?.method)).toEqual(['GET']);
    expect(client.getQueryData(callKey(roleCalls.list, {}))).toBeDefined();
    await act(() => result.current.remove.mutateAsync({ params: { id: 3 } }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));
    expect(fetchMock.mock.calls.map(([, init]) => init?.method)).toEqual(['GET', 'DELETE', 'GET']);
  });
});
