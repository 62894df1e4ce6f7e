import { addAppliancesForm, cleanSidsInput, settingsCalls } from '@lifeboat/contract';
import { Alert, Button, Group, List, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { call } from '../../api/call';
import { invalidateCalls, useCall } from '../../api/useCall';
import { IconAlert } from '../../components/icons';
import { FormTextInput } from '../../forms/FormTextInput';
import { useSchemaForm } from '../../forms/useSchemaForm';
import { DialogButtons, FormErrorAlert } from '../entities/DialogParts';

// The add-appliances-to-update-schedule dialog (recovery-flow 2, 5: digits, lower-case letters and
// commas only, split on commas; 7 add_sids_to_update_schedule_dialog and save_appliances; 8: the
// warnings in an alert with a title and each warning).

interface Props {
  scheduleId: number | null;
  onClose: () => void;
}

export function AddAppliancesDialog({ scheduleId, onClose }: Props) {
  const qc = useQueryClient();
  const opened = scheduleId !== null;
  const [warnings, setWarnings] = useState<string[] | null>(null);
  const [added, setAdded] = useState<string[]>([]);
  const dialog = useCall(
    settingsCalls.addSidsDialog,
    { params: { id: scheduleId ?? 0 } },
    { enabled: opened, staleTime: 0 },
  );
  const { form, onSubmit, formError, saving, reset } = useSchemaForm(addAppliancesForm, {
    defaultValues: { app_sids: '' },
    send: async ({ app_sids }) => {
      const answer = await call(settingsCalls.saveAppliances, {
        form: { app_sids: app_sids.join(','), update_schedule_id: scheduleId ?? 0 },
      });
      await invalidateCalls(qc, [settingsCalls.updateSchedules, settingsCalls.applianceSchedule]);
      if (answer.warnings.length === 0) {
        onClose();
        return;
      }
      setAdded(answer.added);
      setWarnings(answer.warnings);
      reset({ app_sids: '' });
    },
  });
  useEffect(() => {
    if (!opened) return;
    setWarnings(null);
    setAdded([]);
    reset({ app_sids: '' });
  }, [opened, reset]);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={dialog.data?.title ?? 'Add appliances'}
      centered
      size="lg"
    >
      {dialog.isError ? (
        <Alert color="red" icon={<IconAlert size={18} />} title="The schedule could not be loaded">
          {dialog.error.message}
        </Alert>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            {dialog.isPending ? <Skeleton h={40} /> : <Text size="sm">{dialog.data.help}</Text>}
            {warnings && (
              <Alert color="yellow" icon={<IconAlert size={18} />} title="Some appliances were not added">
                {added.length > 0 && (
                  <Text size="sm" mb="xs">
                    Added: {added.join(', ')}.
                  </Text>
                )}
                <List size="sm" spacing={4} data-testid="schedule-warnings">
                  {warnings.map((w) => (
                    <List.Item key={w}>{w}</List.Item>
                  ))}
                </List>
              </Alert>
            )}
            <FormErrorAlert title="No appliance was added" message={formError} />
            <FormTextInput
              control={form.control}
              name="app_sids"
              label="Appliance identifiers"
              description="Digits and lower-case letters, separated by commas, such as 4c4c4544a1,4c4c4544b2."
              clean={cleanSidsInput}
              data-autofocus
            />
            {warnings ? (
              <Group justify="flex-end" gap="sm">
                <Button variant="default" onClick={onClose}>
                  Close
                </Button>
                <Button type="submit" loading={saving}>
                  Add appliances
                </Button>
              </Group>
            ) : (
              <DialogButtons onCancel={onClose} saving={saving} label="Add appliances" />
            )}
          </Stack>
        </form>
      )}
    </Modal>
  );
}
