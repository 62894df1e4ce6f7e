import { autoVerifyCalls, deviceCalls } from '@lifeboat/contract';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { call } from '../../api/call';
import { invalidateCalls } from '../../api/useCall';
import { operationKeys, useOperation } from '../../api/useOperation';
import { sessionKeys } from '../../session/session';
import { errorText } from './errors';

// Device actions' requests (spec 4 'AutoVerify modal and run', 'Geo-plus'; 8 error catalogue).

/** spec inventory 9: flag messages stay 5 seconds. */
const FLAG_MS = 5000;

const flag = (color: 'green' | 'red', title: string, message: string) =>
  notifications.show({ color, title, message, autoClose: FLAG_MS });

/**
 * Start a cloud AutoVerify and follow its operation until it ends; then every card and list on
 * screen (the AutoVerify block, the dashboard's AutoVerify cell) is refreshed, once.
 *
 * The end is noticed by useOperation's onEnd, once per operation whatever remounts (issue 18.0).
 */
export function useCloudAutoVerify(deviceId: number, runningId: number | null) {
  const qc = useQueryClient();
  const [started, setStarted] = useState<number | null>(null);
  // The card's running operation wins; the one started here is followed until the card knows it.
  const operationId = runningId ?? started;
  const startedHere = useRef<number | null>(null);
  const start = useMutation({
    mutationFn: () => call(autoVerifyCalls.startCloud, { form: { id: deviceId } }),
    onSuccess: (a) => {
      if (a.success) {
        startedHere.current = a.operation_id;
        setStarted(a.operation_id);
        flag('green', 'AutoVerify queued', 'The result appears here when the run ends.');
      } else flag('red', 'AutoVerify not started', errorText(a.message));
      void invalidateCalls(qc, [deviceCalls.actions]);
    },
    onError: (e) => flag('red', 'AutoVerify not started', errorText(e)),
  });
  const op = useOperation(operationId, 'autoverify.run', {
    onEnd: (op) => {
      // A run started from this screen says how it ended; one found running refreshes quietly.
      if (startedHere.current === op.id) {
        startedHere.current = null;
        const result = op.result;
        if (op.status === 'failed') flag('red', 'AutoVerify could not run', errorText(op.error ?? ''));
        else if (result?.status === 'failure')
          flag('red', 'AutoVerify finished', 'The restore point failed verification.');
        else flag('green', 'AutoVerify finished', 'The restore point booted and passed every check.');
      }
      void qc.invalidateQueries({
        predicate: (q) => q.queryKey[0] !== sessionKeys.all[0] && q.queryKey[0] !== operationKeys.all[0],
      });
    },
  });
  const finished = op.settled;
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
      call(deviceCalls.setGeoPlus, { form: { id: deviceId, value: value ? 1 : 0 } }),
    onSuccess: (a) => {
      if (a.has_error) flag('red', 'Geo-plus not changed', errorText(a.message));
      else flag('green', a.setting ? 'Geo-plus switched on' : 'Geo-plus switched off', a.message);
      void invalidateCalls(qc, ['devices']);
    },
    onError: (e) => flag('red', 'Geo-plus not changed', errorText(e)),
  });
}

export { flag };
