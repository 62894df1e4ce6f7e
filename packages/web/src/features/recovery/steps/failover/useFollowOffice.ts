import { failoverCalls } from '@lifeboat/contract';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { call } from '../../../../api/call';
import { callKey } from '../../../../api/useCall';
import { failoverPhaseOutcome, type PhaseOutcome, runbookPhaseOutcome } from '../../engine/failover';
import { officeInput } from '../../failover-api';
import type { StepProps } from '../types';

/** The spec names no interval for failover_status; the office boots in seconds in the simulator. */
export const OFFICE_POLL_MS = 2000;

export interface Followed {
  outcome: PhaseOutcome | null;
  percent: number;
  step: string | null;
  /** The failure's sentences (failed, refused, expired, vo_error). */
  errors: string[];
  error: Error | null;
}

const officeKey = (clientId: number) => callKey(failoverCalls.getFailoverStatus, officeInput(clientId));

const settled = (o: PhaseOutcome | null) => o === 'success' || o === 'failed' || o === 'error';

/**
 * Poll failover_status (a failover) or runbook_failover_status (a runbook) until the office is
 * up or has failed (spec: recovery-flow 4 'Failover'). Success closes the wizard and opens the
 * client's virtual office; failure goes to createFailoverFailed.
 */
export function useFollowOffice(
  what: { kind: 'failover'; id: number } | { kind: 'runbook'; id: number } | null,
  { state, dispatch, close }: StepProps,
): Followed {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const clientId = state.data.client?.id ?? 0;
  // The client page (behind the wizard, or opened at success) shows the office asked for at once,
  // not the 'no office' it read before: its cached answer (also read by setVirtualizationRunbook)
  // would otherwise stand until its next poll.
  const asked = what !== null;
  useEffect(() => {
    if (asked) void qc.invalidateQueries({ queryKey: officeKey(clientId) });
  }, [asked, clientId, qc]);
  const q = useQuery({
    // Keyed like useCall's, with a suffix: the cache holds the phase read from the answer.
    queryKey: what
      ? what.kind === 'failover'
        ? [...callKey(failoverCalls.failoverStatus, { params: { failoverId: what.id } }), 'followed']
        : [...callKey(failoverCalls.runbookFailoverStatus, { params: { runbookId: what.id } }), 'followed']
      : ['none'],
    queryFn: async (): Promise<Omit<Followed, 'error'>> => {
      if (what?.kind === 'failover') {
        const s = await call(failoverCalls.failoverStatus, { params: { failoverId: what.id } });
        return {
          outcome: failoverPhaseOutcome(s.phase),
          percent: s.percent,
          step: s.step,
          errors: s.message ? [s.message] : [],
        };
      }
      const s = await call(failoverCalls.runbookFailoverStatus, { params: { runbookId: what?.id ?? 0 } });
      return { outcome: runbookPhaseOutcome(s.status), percent: s.percent, step: s.step, errors: s.errors };
    },
    enabled: what !== null,
    refetchInterval: (query) => (settled(query.state.data?.outcome ?? null) ? false : OFFICE_POLL_MS),
    staleTime: 0,
    gcTime: 0,
  });
  const outcome = q.data?.outcome ?? null;
  const done = useRef(false);
  const errors = q.data?.errors;
  useEffect(() => {
    if (done.current) return;
    if (outcome === 'success') {
      done.current = true;
      // The page opens on the office as it runs now, also when no panel watches it (type 'all').
      void qc.refetchQueries({ queryKey: officeKey(clientId), type: 'all' }).finally(() => {
        notifications.show({ color: 'green', message: 'The virtual office is up.', autoClose: 5000 });
        close();
        void navigate(`/client/details/${clientId}/1`);
      });
    } else if (outcome === 'failed') {
      done.current = true;
      dispatch({ type: 'foFailed', errors: errors ?? [] });
    }
  }, [outcome, errors, clientId, close, dispatch, navigate, qc]);
  return {
    outcome,
    percent: q.data?.percent ?? 0,
    step: q.data?.step ?? null,
    errors: q.data?.errors ?? [],
    error: q.error,
  };
}
