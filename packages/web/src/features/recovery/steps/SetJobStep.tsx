import { recoveryCalls as c, type RecoveryJob } from '@lifeboat/contract';
import { Text } from '@mantine/core';
import { useCall } from '../../../api/useCall';
import { ChoiceTable, type Column } from './ChoiceTable';
import { StepFooter } from './StepFooter';
import type { StepProps } from './types';
import { useAutoChoice } from './useAutoChoice';

const COLUMNS: Column<RecoveryJob>[] = [
  { key: 'name', title: 'Job', render: (j) => <Text fw={500}>{j.name}</Text> },
  { key: 'type', title: 'Type', render: (j) => (j.type === 'FILE' ? 'Files' : 'Whole system') },
  { key: 'info', title: 'Protects', render: (j) => j.info, wide: true },
];

/** setJob: the device's jobs with points there; skipped when there is one. */
export function SetJobStep({ state, dispatch }: StepProps) {
  const deviceId = state.data.device?.id ?? 0;
  const applianceId = state.data.via === 'appliance' ? (state.data.device?.appliance_id ?? 0) : 0;
  const q = useCall(c.jobs, { json: { deviceId, applianceId } });
  useAutoChoice(state, q.data?.jobs, (job) => dispatch({ type: 'chooseJob', job, auto: 'skip' }));
  return (
    <>
      <Text size="sm" c="dimmed" mb="sm">
        {state.data.device?.name}
      </Text>
      <ChoiceTable
        label="jobs"
        rows={q.data?.jobs}
        columns={COLUMNS}
        rowKey={(j) => j.id}
        onChoose={(job) => dispatch({ type: 'chooseJob', job })}
        loading={q.isPending}
        error={q.error}
        onRetry={() => void q.refetch()}
        empty="This device has no backup job with restore points here."
      />
      <StepFooter state={state} dispatch={dispatch} />
    </>
  );
}
