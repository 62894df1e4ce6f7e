import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IconAlert } from '../../components/icons';
import { type DeletableEntity, deleteEntity, entityKeys } from './entitiesApi';
import { notifySaved } from './notifySaved';

interface ConfirmDeleteProps {
  entity: DeletableEntity;
  /** The row to delete; null keeps the dialog closed. */
  target: { id: number; label: string } | null;
  /** One sentence on what deleting means. */
  consequence: string;
  onClose: () => void;
}

/** Delete asks first (issue 5); a refusal (e.g. a client that still has devices) is shown here. */
export function ConfirmDelete({ entity, target, consequence, onClose }: ConfirmDeleteProps) {
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: (id: number) => deleteEntity(entity, id),
    onSuccess: async () => {
      notifySaved(`${target?.label} was deleted.`);
      await client.invalidateQueries({ queryKey: entityKeys.all });
      close();
    },
  });
  const close = () => {
    mutation.reset();
    onClose();
  };
  return (
    <Modal opened={target !== null} onClose={close} title={`Delete ${target?.label ?? ''}?`} centered>
      <Stack gap="md">
        <Text size="sm">{consequence}</Text>
        {mutation.isError && (
          <Alert color="red" icon={<IconAlert size={18} />} title="Not deleted">
            {mutation.error.message}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button
            color="red"
            loading={mutation.isPending}
            onClick={() => target && mutation.mutate(target.id)}
          >
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
