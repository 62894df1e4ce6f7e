import type { ExposeShareAnswer } from '@lifeboat/contract';
import { useCallback } from 'react';
import { ApiError } from '../../../api/client';
import { exposeOutcome } from '../engine/outcomes';
import type { Sent } from '../engine/state';
import type { StepProps } from './types';
import { useSendOnce } from './useSendOnce';

/** No answer from the appliance (504) or none at all: applianceOffline (spec: recovery-flow 8). */
export const exposeOffline = (err: unknown) =>
  err instanceof ApiError && (err.status === 504 || err.status === 0);

/**
 * Asks the appliance for a share once per request (spec: recovery-flow 4 'Share exposure'): a
 * second request would find the first share open and offer to remove it. An answer other than a
 * share, or no answer, moves the wizard to its error step.
 */
export function useExposeOnce(
  { state, dispatch }: Pick<StepProps, 'state' | 'dispatch'>,
  request: string,
  send: () => Promise<ExposeShareAnswer>,
  enabled = true,
) {
  const keep = useCallback(
    (request: string, share: Sent<ExposeShareAnswer> | null) =>
      dispatch({ type: 'shareOpened', request, share }),
    [dispatch],
  );
  return useSendOnce({
    request,
    sent: state.data.share,
    keep,
    send,
    accept: (answer) => (exposeOutcome(answer).kind === 'ok' ? answer : null),
    onRefused: (answer) => dispatch({ type: 'exposeResult', outcome: exposeOutcome(answer) }),
    onFailed: (err) => {
      if (exposeOffline(err)) dispatch({ type: 'exposeResult', outcome: { kind: 'offline' } });
    },
    enabled,
  });
}
