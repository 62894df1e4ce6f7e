import { Button } from '@mantine/core';
import { fetchRbPoints, ftpsKeys } from '../../ftps-api';
import { RbPointPicker } from '../../points/RbPointPicker';
import { StepFooter } from '../StepFooter';
import type { StepProps } from '../types';

/** selectRestorePoint: the shared picker on the second tool's month call (spec: recovery-flow 2, 4). */
export function SelectRestorePointStep({ state, dispatch }: StepProps) {
  const device = state.data.rb.device;
  const machineId = device?.id ?? 0;
  return (
    <RbPointPicker
      machineId={machineId}
      latestCloudRp={device?.latestCloudRp ?? null}
      queryKey={(year, month) => ftpsKeys.points(machineId, year, month)}
      fetch={(year, month) => fetchRbPoints(machineId, year, month)}
      action={(point) => (
        <StepFooter state={state} dispatch={dispatch}>
          <Button
            disabled={point === null}
            onClick={() =>
              point && dispatch({ type: 'rbChoosePoint', point: { id: point.id, label: point.label } })
            }
          >
            Next
          </Button>
        </StepFooter>
      )}
    />
  );
}
