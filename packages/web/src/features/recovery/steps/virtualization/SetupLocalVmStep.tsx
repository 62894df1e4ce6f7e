import { virtualizationCalls as v } from '@lifeboat/contract';
import { Skeleton, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { invalidateCalls, useCall } from '../../../../api/useCall';
import { StepFooter } from '../StepFooter';
import type { StepProps } from '../types';
import { createStartVm } from './api';
import { LocalVmForm } from './LocalVmForm';

/** spec: recovery-flow 8, local VM capability or start errors: an alert with title and message, then close. */
export function alertAndClose(title: string | undefined, message: string | undefined, close: () => void) {
  notifications.show({
    color: 'red',
    title: title ?? 'The virtual machine cannot start',
    message: message ?? '',
  });
  close();
}

/** setupLocalVm: the local VM's settings from the appliance's capabilities, then create_start. */
export function SetupLocalVmStep({ state, dispatch, close }: StepProps) {
  const d = state.data;
  const aid = d.device?.appliance_id ?? 0;
  const sid = d.device?.id ?? 0;
  const qc = useQueryClient();
  const caps = useCall(v.capabilities, { json: { aid, schedule_asid: sid } }, { gcTime: 0 });
  const refused = caps.data && !caps.data.ok ? caps.data : null;
  const failed = caps.error;
  useEffect(() => {
    if (refused) alertAndClose(refused.title, refused.error, close);
    else if (failed) alertAndClose('The appliance could not tell its capabilities', failed.message, close);
  }, [refused, failed, close]);

  return (
    <Stack gap="md">
      {caps.isPending && <Skeleton h={280} radius="md" />}
      {caps.data?.ok && (
        <LocalVmForm
          caps={caps.data}
          onStart={async (values) => {
            const a = await createStartVm({ aid, sid, restorePointsMillis: d.point?.ts ?? 0 }, values);
            if (a.ok && a.operation_id) {
              void invalidateCalls(qc, [v.isVmRunning]);
              dispatch({ type: 'vmStarting', operationId: a.operation_id });
            } else if (a.vm_exists) dispatch({ type: 'vmExists', message: a.error ?? '' });
            else alertAndClose(a.title, a.error, close);
            return a;
          }}
          footer={(submit) => (
            <StepFooter state={state} dispatch={dispatch}>
              {submit}
            </StepFooter>
          )}
        />
      )}
      {!caps.data?.ok && !caps.isPending && <StepFooter state={state} dispatch={dispatch} />}
    </Stack>
  );
}
