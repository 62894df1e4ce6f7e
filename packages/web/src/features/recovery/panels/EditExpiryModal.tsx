import {
  type EditExpireDialogAnswer,
  type LocalShare,
  recoveryCalls,
  shareExpiryForm,
} from '@lifeboat/contract';
import { Alert, Button, Group, Modal, Select, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { Controller } from 'react-hook-form';
import { invalidateCalls, useCall } from '../../../api/useCall';
import { formatDateTime } from '../../../format/dateTime';
import { useSchemaForm } from '../../../forms/useSchemaForm';
import { setShareTtl } from '../api';

interface EditExpiryModalProps {
  share: LocalShare;
  onClose: () => void;
}

/**
 * Edit a share's mount expiry: choices 1 h to 7 d, sent as seconds (inventory 9). It shows the
 * current expiry and opens at the choice nearest to it (the server's defaultIndex), and says when
 * a choice would end the share earlier than now planned.
 */
export function EditExpiryModal({ share, onClose }: EditExpiryModalProps) {
  // spec: inventory 8, a failure loading the edit dialog shows an operation-failed alert.
  const dialog = useCall(
    recoveryCalls.editExpireDialog,
    { params: { shareId: share.id } },
    // Each opening reads the share's expiry afresh: a cached answer would open the form at the
    // expiry of the last opening (the form takes its start value once).
    { staleTime: 0, gcTime: 0 },
  );
  return (
    <Modal opened onClose={onClose} title={`Mount expiry of ${share.device_name}`}>
      {dialog.isPending ? (
        <Skeleton h={60} />
      ) : dialog.error ? (
        <Alert color="red" title="Operation failed">
          {dialog.error.message}
        </Alert>
      ) : (
        <ExpiryForm key={dialog.dataUpdatedAt} share={share} dialog={dialog.data} onClose={onClose} />
      )}
    </Modal>
  );
}

function ExpiryForm({ share, dialog, onClose }: EditExpiryModalProps & { dialog: EditExpireDialogAnswer }) {
  const qc = useQueryClient();
  const { form, onSubmit, formError, saving } = useSchemaForm(shareExpiryForm, {
    defaultValues: { seconds: String(dialog.choices[dialog.defaultIndex]?.value ?? '') },
    send: async ({ seconds }) => {
      const a = await setShareTtl(share.id, seconds);
      notifications.show({
        color: 'teal',
        title: 'Expiry changed',
        message: `The share now unmounts at ${formatDateTime(a.newExpireTime)}.`,
      });
      void invalidateCalls(qc, [recoveryCalls.resellerLocalShares]);
      onClose();
    },
  });
  const chosen = Number(form.watch('seconds'));
  // A minute of slack: the choices are counted from now, the current expiry a little earlier.
  const shortens = dialog.remainingSeconds !== null && chosen > 0 && chosen < dialog.remainingSeconds - 60;
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {dialog.expireTime !== null && (
          <Text size="sm" data-current-expiry>
            The share now unmounts at <strong>{formatDateTime(dialog.expireTime)}</strong>.
          </Text>
        )}
        <Text size="sm">{dialog.html}</Text>
        <Controller
          control={form.control}
          name="seconds"
          render={({ field, fieldState }) => (
            <Select
              label="Unmount after"
              data-testid="expiry-select"
              data={dialog.choices.map((c) => ({ value: String(c.value), label: c.label }))}
              value={field.value}
              onChange={(v) => field.onChange(v ?? '')}
              error={fieldState.error?.message}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
            />
          )}
        />
        {shortens && (
          <Alert color="yellow" data-shortens>
            This ends the share earlier than it is set to end now.
          </Alert>
        )}
        {formError && <Alert color="red">{formError}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
