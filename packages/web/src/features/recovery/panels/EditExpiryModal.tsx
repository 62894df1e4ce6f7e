import type { LocalShare } from '@lifeboat/contract';
import { Alert, Button, Group, Modal, Select, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { fetchEditExpire, recoveryKeys, setShareTtl } from '../api';

/** Edit a share's mount expiry: choices 1 h to 7 d, default 24 h, sent as seconds (inventory 9). */
export function EditExpiryModal({
  share,
  resellerId,
  onClose,
}: {
  share: LocalShare;
  resellerId: number;
  onClose: () => void;
}) {
  const qc = useQueryClient();
  // spec: inventory 8, a failure loading the edit dialog shows an operation-failed alert.
  const dialog = useQuery({
    queryKey: ['recovery', 'edit-expire', share.id],
    queryFn: () => fetchEditExpire(share.id),
    staleTime: 0,
  });
  const [value, setValue] = useState<string | null>(null);
  const chosen = value ?? String(dialog.data?.choices[dialog.data.defaultIndex]?.value ?? '');
  const save = useMutation({
    mutationFn: () => setShareTtl(share.id, Number(chosen)),
    onSuccess: (a) => {
      notifications.show({
        color: 'teal',
        title: 'Expiry changed',
        message: `The share now unmounts at ${new Date(a.newExpireTime).toLocaleString()}.`,
      });
      void qc.invalidateQueries({ queryKey: recoveryKeys.localShares(resellerId) });
      onClose();
    },
  });
  return (
    <Modal opened onClose={onClose} title={`Mount expiry of ${share.device_name}`}>
      {dialog.isPending ? (
        <Skeleton h={60} />
      ) : dialog.error ? (
        <Alert color="red" title="Operation failed">
          {dialog.error.message}
        </Alert>
      ) : (
        <Stack gap="md">
          <Text size="sm">{dialog.data?.html}</Text>
          <Select
            label="Unmount after"
            data-testid="expiry-select"
            data={(dialog.data?.choices ?? []).map((c) => ({ value: String(c.value), label: c.label }))}
            value={chosen}
            onChange={setValue}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          {save.error && <Alert color="red">{save.error.message}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button loading={save.isPending} onClick={() => save.mutate()}>
              Save
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
