import { type LocalShare, recoveryCalls } from '@lifeboat/contract';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateCalls } from '../../../api/useCall';
import { suppressShare } from '../api';

/** Unmount a local share after a confirmation (the spec's suppress_cifs_share). */
export function SuppressShareModal({ share, onClose }: { share: LocalShare; onClose: () => void }) {
  const qc = useQueryClient();
  const run = useMutation({
    mutationFn: () => suppressShare(share.id),
    onSuccess: (a) => {
      notifications.show({ color: a.ok ? 'teal' : 'gray', title: a.dialogTitle, message: a.dialogMsg });
      void invalidateCalls(qc, [recoveryCalls.resellerLocalShares]);
      onClose();
    },
  });
  return (
    <Modal opened onClose={onClose} title="Unmount this share?">
      <Stack gap="md">
        <Text size="sm">
          {share.share_path} of {share.device_name} will be unmounted now. Anyone using it loses access.
        </Text>
        {run.error && <Alert color="red">{run.error.message}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" loading={run.isPending} onClick={() => run.mutate()}>
            Unmount share
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
