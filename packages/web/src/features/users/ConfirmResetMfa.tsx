import { securityCalls } from '@lifeboat/contract';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/call';
import { IconAlert } from '../../components/icons';
import { entityKeys } from '../entities/entitiesApi';
import { notifySaved } from '../entities/notifySaved';

interface ConfirmResetMfaProps {
  /** The user whose MFA is reset; null keeps the dialog closed. */
  target: { id: number; label: string } | null;
  onClose: () => void;
}

/** Staff reset a user's MFA (issue 17 point 1); the server audits it and may refuse, shown here. */
export function ConfirmResetMfa({ target, onClose }: ConfirmResetMfaProps) {
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: (id: number) => call(securityCalls.resetMfa, { params: { id } }),
    onSuccess: async () => {
      notifySaved(`MFA of ${target?.label} was reset.`);
      await client.invalidateQueries({ queryKey: entityKeys.all });
      close();
    },
  });
  const close = () => {
    mutation.reset();
    onClose();
  };
  return (
    <Modal opened={target !== null} onClose={close} title={`Reset MFA of ${target?.label ?? ''}?`} centered>
      <Stack gap="md">
        <Text size="sm">
          Their authenticator app and recovery codes stop working. They set MFA up again at their next sign-in
          if it is required of them.
        </Text>
        {mutation.isError && (
          <Alert color="red" icon={<IconAlert size={18} />} title="MFA not reset">
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
            Reset MFA
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
