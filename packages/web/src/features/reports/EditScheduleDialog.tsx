import {
  reportCalls as c,
  editScheduleForm,
  REPORT_FREQUENCIES,
  type ReportDefinitionRow,
} from '@lifeboat/contract';
import { Modal, SegmentedControl, Stack, TagsInput, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Controller } from 'react-hook-form';
import { call } from '../../api/call';
import { invalidateCalls } from '../../api/useCall';
import { useSchemaForm } from '../../forms/useSchemaForm';
import { DialogButtons, FormErrorAlert } from '../entities/DialogParts';
import { definitionForm } from './scheduleDefinition';

const LABELS = { weekly: 'Weekly', monthly: 'Monthly', quarterly: 'Quarterly' } as const;

// Change how often and to whom a saved schedule is sent (issue 15.4); the client and options
// stay: a different report is a new schedule.
export function EditScheduleDialog({
  definition,
  onClose,
}: {
  definition: ReportDefinitionRow | null;
  onClose: () => void;
}) {
  const qc = useQueryClient();
  const { form, onSubmit, formError, saving, reset } = useSchemaForm(editScheduleForm, {
    defaultValues: { type: 'monthly', emails: [] },
    aliases: { email_address: 'emails' },
    send: async (v) => {
      if (!definition) return;
      const answer = await call(c.saveDefinition, {
        form: definitionForm(definition, { type: v.type, email_address: v.emails }),
      });
      if (answer.is_error) throw new Error('Error saving scheduled report.');
      await invalidateCalls(qc, ['reports']);
      onClose();
    },
  });
  useEffect(() => {
    if (definition) reset({ type: definition.type, emails: definition.email_address });
  }, [definition, reset]);
  return (
    <Modal opened={definition !== null} onClose={onClose} title="Edit scheduled report" centered>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <FormErrorAlert title="The schedule was not saved" message={formError} />
          <Text size="sm">{definition?.client_name}</Text>
          <Controller
            control={form.control}
            name="type"
            render={({ field }) => (
              <SegmentedControl
                value={field.value}
                onChange={field.onChange}
                data={REPORT_FREQUENCIES.map((f) => ({ value: f, label: LABELS[f] }))}
              />
            )}
          />
          <Controller
            control={form.control}
            name="emails"
            render={({ field, fieldState }) => (
              <TagsInput
                label="Send to"
                placeholder="Type an address and press Enter"
                value={field.value}
                onChange={(v) => field.onChange(v.map((e) => e.trim()).filter(Boolean))}
                error={fieldState.error?.message}
                splitChars={[',', ' ', ';']}
              />
            )}
          />
          <DialogButtons onCancel={onClose} saving={saving} label="Save" />
        </Stack>
      </form>
    </Modal>
  );
}
