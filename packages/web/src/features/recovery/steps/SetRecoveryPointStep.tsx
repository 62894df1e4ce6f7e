import { Button } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useCall } from '../../../api/useCall';
import { pointsCalls } from '../api';
import { RestorePointPicker } from '../points/RestorePointPicker';
import { StepFooter } from './StepFooter';
import type { StepProps } from './types';
import { useAutoChoice } from './useAutoChoice';

/** setRecoveryPoint: the shared picker on the first tool's 7-day strip call (spec: recovery-flow 2, 9). */
export function SetRecoveryPointStep({ state, dispatch }: StepProps) {
  const d = state.data;
  const {
    params,
    strip: first,
    around,
  } = pointsCalls({
    clientId: d.client?.id ?? 0,
    applianceId: d.via === 'appliance' ? (d.device?.appliance_id ?? 0) : 0,
    deviceId: d.device?.id ?? 0,
    jobId: d.job?.id ?? 0,
    drive: d.drive,
  });
  // The job's strip as the server first shows it, then centred on the day the user moves to.
  const [centre, setCentre] = useState<string | null>(null);
  const latest = useCall(first, { params }, { enabled: centre === null });
  const moved = useCall(
    around,
    { params: { ...params, datePoint: centre ?? '' } },
    { enabled: centre !== null },
  );
  const points = centre === null ? latest : moved;
  const strip = points.data?.data;

  useEffect(() => {
    // spec: recovery-flow 8, a response without data means the appliance does not answer.
    if (points.data && points.data.data === null) dispatch({ type: 'pointsOffline' });
  }, [points.data, dispatch]);
  // spec: recovery-flow 4, a single point is chosen by itself.
  const only =
    centre === null && strip?.total_points === 1 ? strip.dates.flatMap((x) => x.points) : undefined;
  useAutoChoice(state, only, (p) => dispatch({ type: 'choosePoint', point: p, auto: 'skip' }));

  return (
    <RestorePointPicker
      days={strip?.dates}
      preferredDay={strip?.selected ?? null}
      error={points.error}
      prev={strip?.prev ?? null}
      next={strip?.next ?? null}
      min={strip?.min ?? null}
      max={strip?.max ?? null}
      onCentre={setCentre}
      action={(point) => (
        <StepFooter state={state} dispatch={dispatch}>
          <Button
            disabled={!point}
            onClick={() => point && dispatch({ type: 'choosePoint', point: { id: point.id, ts: point.ts } })}
          >
            Next
          </Button>
        </StepFooter>
      )}
    />
  );
}
