import { type DeviceRow, VM_ACTION_LABELS, type VmAction } from '@lifeboat/contract';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../api/client';
import { fetchOperation, inventoryKeys, postVmAction } from './api';

const POLL_MS = 1000;
const GIVE_UP_MS = 10 * 60_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Follows an operation until it ends; answers its final status. */
async function settle(operationId: number) {
  const deadline = Date.now() + GIVE_UP_MS;
  for (;;) {
    const op = await fetchOperation(operationId);
    if (op.status === 'succeeded' || op.status === 'failed' || Date.now() > deadline) return op;
    await sleep(POLL_MS);
  }
}

/**
 * Runs a VM action: the server queues it (the row shows it pending at once), the operation is
 * followed until it ends, then the rows and counters are read again and the user is told.
 */
export function useVmAction() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: inventoryKeys.all });
  return useMutation({
    mutationFn: async ({ row, action }: { row: DeviceRow; action: VmAction }) => {
      const { operation_id } = await postVmAction(action, row.id);
      void refresh();
      return { row, action, op: await settle(operation_id) };
    },
    onSuccess: ({ row, action, op }) => {
      void refresh();
      const verb = VM_ACTION_LABELS[action];
      if (op.status === 'succeeded')
        notifications.show({
          color: 'teal',
          title: `${verb}: done`,
          message: `The virtual machine of ${row.name} is updated.`,
        });
      else if (op.status === 'failed')
        notifications.show({
          color: 'red',
          title: `${verb} failed`,
          message: op.error ?? 'The action did not complete.',
        });
      else
        notifications.show({
          title: `${verb} is still running`,
          message: `${row.name}: the row updates when it ends.`,
        });
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
}
