import { ftpsCalls } from '@lifeboat/contract';
import { Button } from '@mantine/core';
import { call } from '../../../../api/call';
import { callKey } from '../../../../api/useCall';
import { RbPointPicker } from '../../points/RbPointPicker';
import { StepFooter } from '../StepFooter';
import type { StepProps } from '../types';

/** selectRestorePoint: the shared picker on the second tool's month call (spec: recovery-flow 2, 4). */
export function SelectRestorePointStep({ state, dispatch }: StepProps) {
  const device = state.data.rb.device;
  const machineId = device?.id ?? 0;
  const month = (year: number, month: number) => ({ params: { machineId, year, month } });
  return (
    <RbPointPicker
      machineId={machineId}
      latestCloudRp={device?.latestCloudRp ?? null}
      queryKey={(year, m) => callKey(ftpsCalls.rbRestorePoints, month(year, m))}
      fetch={(year, m) => call(ftpsCalls.rbRestorePoints, month(year, m))}
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
