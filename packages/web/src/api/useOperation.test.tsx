import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from './client';
import { createQueryClient } from './queryClient';
import { useOperation } from './useOperation';

const status = (over: Record<string, unknown>) => ({
  id: 9,
  kind: 'autoverify.run',
  status: 'running',
  progress: 40,
  step: 'Booting the virtual machine',
  result: null,
  error: null,
  created_at: 1,
  updated_at: 2,
  finished_at: null,
  ...over,
});

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

describe('useOperation', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    configureApiClient({ csrfToken: () => 'tok', onUnauthorized: () => {} });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>
  );

  it('polls until the operation ends, then stops; the result is typed by its kind', async () => {
    fetchMock.mockResolvedValueOnce(json(status({}))).mockResolvedValueOnce(
      json(
        status({
          status: 'succeeded',
          progress: 100,
          result: { autoverify_result_id: 3, status: 'success' },
        }),
      ),
    );
    const { result } = renderHook(() => useOperation(9, 'autoverify.run', { intervalMs: 10 }), { wrapper });
    await waitFor(() => expect(result.current.settled).toBe(true));
    expect(result.current.data?.result).toEqual({ autoverify_result_id: 3, status: 'success' });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/operations/9');
    await new Promise((r) => setTimeout(r, 50));
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('asks nothing without an id, and reads a result off its schema as null', async () => {
    const idle = renderHook(() => useOperation(null, 'inventory.vm', { intervalMs: 10 }), { wrapper });
    expect(idle.result.current.data).toBeUndefined();
    expect(fetchMock).not.toHaveBeenCalled();
    fetchMock.mockResolvedValue(json(status({ kind: 'inventory.vm', status: 'failed', result: { x: 1 } })));
    const { result } = renderHook(() => useOperation(9, 'inventory.vm', { intervalMs: 10 }), { wrapper });
    await waitFor(() => expect(result.current.settled).toBe(true));
    expect(result.current.data?.result).toBeNull();
  });
});
