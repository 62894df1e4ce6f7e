import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateCalls } from '../../../api/useCall';
import { suppressShare } from '../api';
import { revokeCloses } from '../engine/virtualization';
import { MessageStep } from './MessageStep';
import type { StepProps } from './types';

/** exportChangeFormat: the appliance refused the format; switch to VHDX and try again. */
export function ExportChangeFormatStep({ state, dispatch }: StepProps) {
  const message = state.step.name === 'exportChangeFormat' ? state.step.message : '';
  return (
    <MessageStep
      state={state}
      dispatch={dispatch}
      color="yellow"
      title="Switch to VHDX?"
      actions={
        <Button onClick={() => dispatch({ type: 'switchToVhdx' })}>Switch to VHDX and try again</Button>
      }
    >
      {message}
    </MessageStep>
  );
}

/**
 * revokeMount: the device already has an open share. Removing it goes on to setDevice for a disk
 * export, setupLocalVm for a local VM, otherwise ends with an alert and closes (spec: recovery-flow 4).
 */
export function RevokeMountStep({ state, dispatch, close }: StepProps) {
  const step = state.step.name === 'revokeMount' ? state.step : null;
  const qc = useQueryClient();
  const revoke = useMutation({
    mutationFn: () => suppressShare(step?.shareId ?? 0),
    onSuccess: (a) => {
      void invalidateCalls(qc, ['recovery', 'virtualization']);
      // An export goes back to its device, a local VM to its settings (spec: recovery-flow 4).
      if (a.ok && !revokeCloses(state.data)) {
        notifications.show({ color: 'teal', title: a.dialogTitle, message: a.dialogMsg });
        dispatch({ type: 'mountRevoked' });
        return;
      }
      notifications.show({
        color: a.ok ? 'teal' : 'gray',
        title: a.dialogTitle,
        message: `${a.dialogMsg} Start the wizard again to expose the new restore point.`,
      });
      close();
    },
  });
  return (
    <MessageStep
      state={state}
      dispatch={dispatch}
      color="yellow"
      title="A share of this device is already open"
      actions={
        <Button color="red" loading={revoke.isPending} onClick={() => revoke.mutate()}>
          Remove the open share
        </Button>
      }
    >
      {step?.message}
      {revoke.error ? ` ${revoke.error.message}` : ''}
    </MessageStep>
  );
}
