import { recoveryCalls as c, type RecoveryAppliance } from '@lifeboat/contract';
import { Badge, Text } from '@mantine/core';
import { useCall } from '../../../api/useCall';
import { ChoiceTable, type Column } from './ChoiceTable';
import { StepFooter } from './StepFooter';
import type { StepProps } from './types';
import { useAutoChoice } from './useAutoChoice';

const COLUMNS: Column<RecoveryAppliance>[] = [
  { key: 'name', title: 'Appliance', render: (a) => <Text fw={500}>{a.name}</Text> },
  { key: 'model', title: 'Model', render: (a) => a.model_name, wide: true },
  {
    key: 'online',
    title: 'Status',
    render: (a) => (
      <Badge color={a.online ? 'teal' : 'red'} variant="light">
        {a.online ? 'Online' : 'Offline'}
      </Badge>
    ),
  },
  { key: 'devices', title: 'Devices', render: (a) => a.devices_count, wide: true },
];

/** setAppliance: the client's appliances; skipped when there is one. */
export function SetApplianceStep({ state, dispatch }: StepProps) {
  const clientId = state.data.client?.id ?? 0;
  // The client's appliances that can open a restore point as a share, with their device counts.
  const q = useCall(c.applianceGet, {
    json: {
      scopeBy: 'client',
      forClient: clientId,
      paging: { offset: 0, limit: 100 },
      devices_count: 1,
      offsited: 0,
      eligible_for_cifs_sharing: 1,
    },
  });
  const choose = (a: RecoveryAppliance, auto?: 'skip') =>
    dispatch({ type: 'chooseAppliance', appliance: { id: a.id, name: a.name }, auto });
  useAutoChoice(state, q.data?.list, (a) => choose(a, 'skip'));
  return (
    <>
      <ChoiceTable
        label="appliances"
        rows={q.data?.list}
        columns={COLUMNS}
        rowKey={(a) => a.id}
        onChoose={(a) => choose(a)}
        loading={q.isPending}
        error={q.error}
        onRetry={() => void q.refetch()}
        empty="This client has no appliance with first-generation backups."
      />
      <StepFooter state={state} dispatch={dispatch} />
    </>
  );
}
