import { useMutation } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useOncePerRequest } from '../../../api/useOncePerRequest';
import type { Sent } from '../engine/state';

interface SendOnce<T, A> {
  /** What is asked (the appliance, point, selection...), as a string: a new request is a new write. */
  request: string;
  /** The wizard's record of this write, kept in its state across Back and forward. */
  sent: Sent<T> | null;
  /** Stores the record of `request` in the wizard's state; null forgets it (a failure or a refusal). */
  keep: (request: string, sent: Sent<T> | null) => void;
  send: () => Promise<A>;
  /** The part of the answer to keep, or null when the answer is a refusal (nothing kept). */
  accept: (answer: A) => T | null;
  /** A refusal or a failure, after the record is forgotten. */
  onRefused?: (answer: A) => void;
  onFailed?: (err: Error) => void;
  enabled?: boolean;
}

/**
 * Sends one of the wizard's writes (a share, a mount, a download link) once per request: a
 * mutation the step fires itself, never a query that a refetch, a window focus, an invalidation
 * or a remount could send again (a second share request found the first share open and offered
 * to remove it). The record lives in the wizard's state, marked as out before the request goes,
 * so Back and forward, or a step opened again while the answer is on its way, show the same
 * answer. A failure forgets the record: opening the step again is a new try.
 */
export function useSendOnce<T, A>({
  request,
  sent,
  keep,
  send,
  accept,
  onRefused,
  onFailed,
  enabled = true,
}: SendOnce<T, A>) {
  const mine = sent?.request === request ? sent : null;
  const write = useMutation({
    mutationFn: (_request: string) => send(),
    // Options of the mutation itself, so they run even when the step was left meanwhile.
    onSuccess: (answer, req) => {
      const kept = accept(answer);
      keep(req, kept === null ? null : { request: req, answer: kept });
      if (kept === null) onRefused?.(answer);
    },
    onError: (err, req) => {
      keep(req, null);
      onFailed?.(err);
    },
  });
  const { mutate } = write;
  const fire = useCallback(() => {
    keep(request, { request, answer: null });
    mutate(request);
  }, [keep, mutate, request]);
  useOncePerRequest(request, enabled && mine === null, fire);
  return { answer: mine?.answer ?? null, error: write.error };
}
