import type { Call, CallAnswer, CallInput, ListPage } from '@lifeboat/contract';
import {
  keepPreviousData,
  type QueryClient,
  type UseQueryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { type CallOptions, call } from './call';

// The web app's server data through one hook per kind (STYLE 7): a read's query key is derived
// from its declaration (area, then `METHOD path`, then the input), so no area writes key
// factories or one-line wrappers, and a write names what it makes stale by declaration or area.

/**
 * A call a query may send: a GET, or a POST that changes nothing (a list's search form, spec:
 * dashboard 2.1). A write is sent by useCallMutation, never from a query, which React Query runs
 * again on a remount, a refocus or a retry.
 */
export type ReadCall = Call & { readonly method: 'GET' | 'POST' };

/** What a write makes stale: a whole area (`'settings'`) or one call, whatever its input. */
export type Stale = string | Call;

const send = call as <C extends Call>(
  decl: C,
  input: unknown,
  options?: CallOptions,
) => Promise<CallAnswer<C>>;

// `METHOD path`, not decl.id: the build's light call table carries no id (web/lightCalls.ts).
const nameOf = (decl: Call) => `${decl.method} ${decl.path}`;

/** The query key of a read: its area, its `METHOD path`, then its input. */
export function callKey<C extends Call>(decl: C, input?: CallInput<C>) {
  return [decl.area, nameOf(decl), input ?? {}] as const;
}

const staleKey = (s: Stale) => (typeof s === 'string' ? [s] : [s.area, nameOf(s)]);

/** Read again every cached answer of `stale` that is on screen. */
export async function invalidateCalls(client: QueryClient, stale: readonly Stale[]): Promise<void> {
  await Promise.all(stale.map((s) => client.invalidateQueries({ queryKey: staleKey(s) })));
}

/** Forget every cached answer of `stale` (a regenerated file must not show the old one). */
export function removeCalls(client: QueryClient, stale: readonly Stale[]): void {
  for (const s of stale) client.removeQueries({ queryKey: staleKey(s) });
}

type ReadOptions<C extends Call, T> = Omit<
  UseQueryOptions<CallAnswer<C>, Error, T, ReturnType<typeof callKey<C>>>,
  'queryKey' | 'queryFn'
>;

/**
 * A read as the query cache takes it, for a prefetch outside a component (the dashboard's first
 * paint, spec dashboard-device-azure 2.2): the same key and call useCall uses.
 */
export function callQuery<C extends ReadCall>(decl: C, input: CallInput<C>) {
  return {
    queryKey: callKey(decl, input),
    queryFn: ({ signal }: { signal?: AbortSignal }) => send(decl, input, { signal }),
  };
}

/** Read a declared call; the answer is cached under callKey(decl, input). */
export function useCall<C extends ReadCall, T = CallAnswer<C>>(
  decl: C,
  input: CallInput<C>,
  options: ReadOptions<C, T> = {},
) {
  return useQuery({ ...callQuery(decl, input), ...options });
}

/**
 * One page of a table from a declared list call: the previous page stays on screen while the
 * next loads (STYLE 6); `toPage` turns the answer into the pager's page (contract lists.ts).
 */
export function useCallList<C extends ReadCall, T>(
  decl: C,
  input: CallInput<C>,
  toPage: (answer: CallAnswer<C>) => ListPage<T>,
  options: { enabled?: boolean; refetchInterval?: number | false } = {},
) {
  return useCall(decl, input, { select: toPage, placeholderData: keepPreviousData, ...options });
}

interface WriteOptions<C extends Call> {
  /** What the write makes stale; its own area when not said. */
  invalidates?: readonly Stale[];
  onSuccess?: (answer: CallAnswer<C>, input: CallInput<C>) => unknown;
}

/** Send a declared write; once it succeeds, what it makes stale is read again. */
export function useCallMutation<C extends Call>(decl: C, options: WriteOptions<C> = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<C>) => send(decl, input),
    onSuccess: async (answer, input) => {
      await invalidateCalls(client, options.invalidates ?? [decl.area]);
      await options.onSuccess?.(answer, input);
    },
  });
}
