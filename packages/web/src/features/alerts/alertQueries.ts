import {
  type AcknowledgeBody,
  type AlertListQuery,
  alertActionCalls,
  type CreateSnoozeBody,
} from '@lifeboat/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { call } from '../../api/call';

// The alerts area's calls and query keys (issue 27.5). Every change invalidates the whole area:
// the page, the device block, the dashboard's count and the fleet home read the same alerts.

export const alertKeys = {
  all: ['alerts'] as const,
  list: (q: AlertListQuery) => [...alertKeys.all, 'list', q] as const,
  timeline: (id: number) => [...alertKeys.all, 'timeline', id] as const,
  snoozes: (q: unknown) => [...alertKeys.all, 'snoozes', q] as const,
  fleet: (q: unknown) => [...alertKeys.all, 'fleet', q] as const,
};

export const fetchAlerts = (q: AlertListQuery, signal?: AbortSignal) =>
  call(alertActionCalls.alertList, { query: q }, { signal });

/** A short list of alerts (a device's, the fleet's newest critical ones, the dashboard's count). */
export function useAlerts(q: AlertListQuery, options: { refetchInterval?: number } = {}) {
  return useQuery({
    queryKey: alertKeys.list(q),
    queryFn: ({ signal }) => fetchAlerts(q, signal),
    refetchInterval: options.refetchInterval ?? 60_000,
  });
}

export function useAlertTimeline(id: number | null) {
  return useQuery({
    queryKey: alertKeys.timeline(id ?? 0),
    queryFn: ({ signal }) => call(alertActionCalls.alertTimeline, { params: { id: id ?? 0 } }, { signal }),
    enabled: id !== null,
  });
}

export function useAcknowledge(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AcknowledgeBody) =>
      call(alertActionCalls.acknowledgeAlert, { params: { id }, json: body }),
    onSuccess: (answer) => {
      qc.setQueryData(alertKeys.timeline(id), answer);
      void qc.invalidateQueries({ queryKey: alertKeys.all });
    },
  });
}

export function useCreateSnooze() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateSnoozeBody) => call(alertActionCalls.createSnooze, { json: body }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: alertKeys.all }),
  });
}

export function useEndSnooze() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(alertActionCalls.endSnooze, { params: { id } }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: alertKeys.all }),
  });
}

/** The alert whose timeline is open beside a list, kept in the url (?alert=) like the list's state. */
export function useOpenAlert(): [number | null, (id: number | null) => void] {
  const [params, setParams] = useSearchParams();
  const open = (id: number | null) =>
    setParams((cur) => {
      const next = new URLSearchParams(cur);
      if (id === null) next.delete('alert');
      else next.set('alert', String(id));
      return next;
    });
  return [Number(params.get('alert')) || null, open];
}
