import {
  type OperationKind,
  type OperationStatusAnswer,
  operationCalls,
  operationKinds,
  type TypedOperationStatus,
} from '@lifeboat/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { call } from './call';
import { markSummariesStale } from './queryClient';

// Long work started from the app answers an operation id; this hook follows it (issue 11.5).
// It polls GET /api/operations/{id} until the operation succeeds or fails, and types its result
// by the kind's result schema in the contract's registry (contract/src/operations.ts).

export const OPERATION_POLL_MS = 1500;

export const operationKeys = {
  all: ['operations'] as const,
  one: (id: number) => ['operations', id] as const,
};

export const isSettled = (status: OperationStatusAnswer['status'] | undefined) =>
  status === 'succeeded' || status === 'failed';

/** Read the answer as an operation of `kind`: a result off the kind's schema reads as null. */
function typed<K extends OperationKind>(kind: K, op: OperationStatusAnswer): TypedOperationStatus<K> {
  const parsed = op.result === null ? null : operationKinds[kind].result.safeParse(op.result);
  return {
    ...op,
    kind,
    result: parsed?.success ? (parsed.data as TypedOperationStatus<K>['result']) : null,
  };
}

export interface UseOperationOptions<K extends OperationKind> {
  /** Poll interval while the operation runs. */
  intervalMs?: number;
  /**
   * Called once when the operation is first seen to have ended: by the fetch that first sees it
   * (the cached answer before it was not final), never by a component's state, so a remounted
   * component or a second one following the same operation does not call it again (issue 18.0:
   * an effect keyed on component state refreshed everything on every remount, in a loop).
   */
  onEnd?: (op: TypedOperationStatus<K>) => void;
}

/**
 * Follow operation `operationId` (null: nothing to follow yet) of `kind`. `data` is its latest
 * status; polling stops once it has succeeded or failed, and an ended answer stays fresh for good.
 */
export function useOperation<K extends OperationKind>(
  operationId: number | null,
  kind: K,
  options: UseOperationOptions<K> = {},
) {
  const qc = useQueryClient();
  const onEnd = useRef(options.onEnd);
  onEnd.current = options.onEnd;
  const intervalMs = options.intervalMs ?? OPERATION_POLL_MS;
  const query = useQuery({
    queryKey: operationKeys.one(operationId ?? 0),
    queryFn: async ({ signal, queryKey }) => {
      const before = qc.getQueryData<OperationStatusAnswer>(queryKey);
      const now = typed(
        kind,
        await call(operationCalls.status, { params: { id: operationId as number } }, { signal }),
      );
      if (isSettled(now.status) && !isSettled(before?.status)) {
        markSummariesStale(qc);
        onEnd.current?.(now);
      }
      return now;
    },
    enabled: operationId !== null,
    // An ended operation never changes again.
    staleTime: (q) => (isSettled(q.state.data?.status) ? Number.POSITIVE_INFINITY : 0),
    refetchInterval: (q) => (isSettled(q.state.data?.status) ? false : intervalMs),
  });
  const data = operationId === null ? undefined : query.data;
  return { data, settled: isSettled(data?.status), error: query.error };
}
