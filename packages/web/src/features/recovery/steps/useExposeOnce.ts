import type { ExposeShareAnswer } from '@lifeboat/contract';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { ApiError } from '../../../api/client';
import { exposeOutcome } from '../engine/outcomes';
import type { StepProps } from './types';

/** No answer from the appliance (504) or none at all: applianceOffline (spec: recovery-flow 8). */
export const exposeOffline = (err: unknown) =>
  err instanceof ApiError && (err.status === 504 || err.status === 0);

/**
 * Asks the appliance for a share once per request (spec: recovery-flow 4 'Share exposure'). It is
 * a write, so a mutation sent by the step itself, never a query a refetch could send again (a
 * second request finds the first share open and offers to remove it). The answer is kept in the
 * wizard's state under `request`: Back and forward again show the same share.
 */
export function useExposeOnce(
  { state, dispatch }: Pick<StepProps, 'state' | 'dispatch'>,
  request: string,
  send: () => Promise<ExposeShareAnswer>,
  enabled = true,
) {
  const kept = state.data.share?.request === request ? state.data.share.answer : undefined;
  const expose = useMutation({
    mutationFn: send,
    onSuccess: (answer) => {
      const outcome = exposeOutcome(answer);
      if (outcome.kind === 'ok') dispatch({ type: 'shareOpened', share: { request, answer } });
      else dispatch({ type: 'exposeResult', outcome });
    },
    onError: (err) => {
      if (exposeOffline(err)) dispatch({ type: 'exposeResult', outcome: { kind: 'offline' } });
    },
  });
  // One send per request, also when React runs the effect twice (StrictMode).
  const sent = useRef<string | null>(null);
  const { mutate } = expose;
  const needed = enabled && kept === undefined;
  useEffect(() => {
    if (!needed || sent.current === request) return;
    sent.current = request;
    mutate();
  }, [needed, request, mutate]);
  return { answer: kept ?? expose.data, error: expose.error };
}
