import type { OperationStatusAnswer, SetGeoPlusAnswer, StartCloudAutoVerifyAnswer } from '@lifeboat/contract';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../api/client';
import { sessionKeys } from '../../session/session';
import { deviceKeys } from './api';
import { errorText } from './errors';

// Device actions' requests (spec 4 'AutoVerify modal and run', 'Geo-plus'; 8 error catalogue).

/** spec inventory 9: flag messages stay 5 seconds. */
const FLAG_MS = 5000;

const flag = (color: 'green' | 'red', title: string, message: string) =>
  notifications.show({ color, title, message, autoClose: FLAG_MS });

/**
 * Start a cloud AutoVerify and follow its operation until it ends; then every card and list on
 * screen (the AutoVerify block, the dashboard's AutoVerify cell) is refreshed.
 */
export function useCloudAutoVerify(deviceId: number, runningId: number | null) {
  const qc = useQueryClient();
  const [started, setStarted] = useState<number | null>(null);
  const operationId = started ?? runningId;
  const start = useMutation({
    mutationFn: () =>
      api<StartCloudAutoVerifyAnswer>('/device/start_cloud_autoverify', {
        method: 'POST',
        form: { id: deviceId },
      }),
    onSuccess: (a) => {
      if (a.success) {
        setStarted(a.operation_id);
        flag('green', 'AutoVerify queued', 'The result appears here when the run ends.');
      } else flag('red', 'AutoVerify not started', errorText(a.message));
      void qc.invalidateQueries({ queryKey: deviceKeys.card(deviceId, 'get_device_actions') });
    },
    onError: (e) => flag('red', 'AutoVerify not started', errorText(e)),
  });
  const op = useQuery({
    queryKey: ['operations', operationId],
    queryFn: ({ signal }) => api<OperationStatusAnswer>(`/api/operations/${operationId}`, { signal }),
    enabled: operationId !== null,
    refetchInterval: (q) =>
      q.state.data && ['succeeded', 'failed'].includes(q.state.data.status) ? false : 1500,
  });
  const status = op.data?.status;
  const finished = status === 'succeeded' || status === 'failed';
  const [handled, setHandled] = useState<number | null>(null);
  useEffect(() => {
    const id = op.data?.id ?? null;
    if (!finished || id === null || id === handled) return;
    setHandled(id);
    // A run started from this screen says how it ended; one found running refreshes quietly.
    if (started !== null) {
      const result = (op.data?.result ?? null) as { status?: string } | null;
      if (status === 'failed') flag('red', 'AutoVerify could not run', errorText(op.data?.error ?? ''));
      else if (result?.status === 'failure')
        flag('red', 'AutoVerify finished', 'The restore point failed verification.');
      else flag('green', 'AutoVerify finished', 'The restore point booted and passed every check.');
    }
    setStarted(null);
    void qc.invalidateQueries({
      predicate: (q) => q.queryKey[0] !== sessionKeys.all[0] && q.queryKey[0] !== 'operations',
    });
  }, [finished, handled, started, status, op.data, qc]);
  return {
    start: () => start.mutate(),
    /** Disabled from the click until the run ends (spec 4). */
    busy: start.isPending || (operationId !== null && !finished),
    progress: operationId !== null && !finished ? (op.data?.progress ?? 0) : null,
    step: op.data?.step ?? null,
  };
}

export function useGeoPlus(deviceId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (value: boolean) =>
      api<SetGeoPlusAnswer>('/device/set_geo_plus', {
        method: 'POST',
        form: { id: deviceId, value: value ? 1 : 0 },
      }),
    onSuccess: (a) => {
      if (a.has_error) flag('red', 'Geo-plus not changed', errorText(a.message));
      else flag('green', a.setting ? 'Geo-plus switched on' : 'Geo-plus switched off', a.message);
      void qc.invalidateQueries({ queryKey: deviceKeys.device(deviceId) });
    },
    onError: (e) => flag('red', 'Geo-plus not changed', errorText(e)),
  });
}

export { flag };
