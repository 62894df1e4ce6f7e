import { type DeviceRow, VM_ACTION_LABELS, type VmAction } from '@lifeboat/contract';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError } from '../../api/client';
import { invalidateCalls } from '../../api/useCall';
import { useOperation } from '../../api/useOperation';
import { postVmAction } from './api';

interface Following {
  row: DeviceRow;
  action: VmAction;
  operationId: number;
}

/**
 * Runs a VM action: the server queues it (the row shows it pending at once), its operation is
 * followed (useOperation) until it ends, then the rows and counters are read again and the user
 * is told. One action at a time: `isPending` and `variables` cover the whole run.
 */
export function useVmAction() {
  const client = useQueryClient();
  const refresh = () => invalidateCalls(client, ['inventory']);
  const [following, setFollowing] = useState<Following | null>(null);
  const start = useMutation({
    mutationFn: async ({ row, action }: { row: DeviceRow; action: VmAction }) => {
      const { operation_id } = await postVmAction(action, row.id);
      return { row, action, operationId: operation_id };
    },
    onSuccess: (f) => {
      void refresh();
      setFollowing(f);
    },
    onError: (err) => {
      void refresh();
      notifications.show({
        color: 'red',
        title: 'The action was not started',
        message: err instanceof ApiError ? err.message : 'Please try again.',
      });
    },
  });
  const op = useOperation(following?.operationId ?? null, 'inventory.vm');
  useEffect(() => {
    if (!following || !op.settled || op.data?.id !== following.operationId) return;
    setFollowing(null);
    void invalidateCalls(client, ['inventory']);
    const verb = VM_ACTION_LABELS[following.action];
    if (op.data.status === 'succeeded')
      notifications.show({
        color: 'teal',
        title: `${verb}: done`,
        message: `The virtual machine of ${following.row.name} is updated.`,
      });
    else
      notifications.show({
        color: 'red',
        title: `${verb} failed`,
        message: op.data.error ?? 'The action did not complete.',
      });
  }, [following, op.settled, op.data, client]);
  return {
    mutate: (v: { row: DeviceRow; action: VmAction }) => start.mutate(v),
    isPending: start.isPending || following !== null,
    variables: following ?? start.variables,
  };
}
