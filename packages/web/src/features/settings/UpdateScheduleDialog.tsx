import {
  settingsCalls,
  UPDATE_WINDOW_HOURS,
  type UpdateSchedule,
  updateScheduleForm,
  WEEKDAY_NAMES,
  WEEKDAYS,
} from '@lifeboat/contract';
import { Modal, Select, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Controller } from 'react-hook-form';
import { call } from '../../api/call';
import { callKey } from '../../api/useCall';
import { FormTextInput } from '../../forms/FormTextInput';
import { useSchemaForm } from '../../forms/useSchemaForm';
import { DialogButtons, FormErrorAlert } from '../entities/DialogParts';

// Add or change an appliance update schedule: its name, day and time window (issue 17.6).

const EMPTY = { name: '', day: 'sun' as const, start: '22:00', hours: 4 };
const HOURS = Array.from({ length: UPDATE_WINDOW_HOURS.max - UPDATE_WINDOW_HOURS.min + 1 }, (_, i) => {
  const h = UPDATE_WINDOW_HOURS.min + i;
  return { value: String(h), label: `${h} hour${h === 1 ? '' : 's'}` };
});

interface Props {
  resellerId: number;
  opened: boolean;
  schedule?: UpdateSchedule;
  onClose: () => void;
}

export function UpdateScheduleDialog({ resellerId, opened, schedule, onClose }: Props) {
  const qc = useQueryClient();
  const { form, onSubmit, formError, saving, reset } = useSchemaForm(updateScheduleForm, {
    defaultValues: EMPTY,
    send: async (v) => {
      const answer = await call(settingsCalls.saveUpdateSchedule, {
        params: { id: resellerId },
        json: { ...v, ...(schedule ? { update_schedule_id: schedule.id } : {}) },
      });
      qc.setQueryData(callKey(settingsCalls.updateSchedules, { params: { id: resellerId } }), answer);
      onClose();
    },
  });
  useEffect(() => {
    if (opened)
      reset(
        schedule
          ? { name: schedule.name, day: schedule.day, start: schedule.start, hours: schedule.hours }
          : EMPTY,
      );
  }, [opened, schedule, reset]);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={schedule ? 'Edit update schedule' : 'Add update schedule'}
      centered
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <FormErrorAlert title="The schedule was not saved" message={formError} />
          <FormTextInput control={form.control} name="name" label="Schedule name" required maxLength={64} />
          <Controller
            control={form.control}
            name="day"
            render={({ field, fieldState }) => (
              <Select
                {...field}
                label="Day"
                allowDeselect={false}
                data={WEEKDAYS.map((d) => ({ value: d, label: WEEKDAY_NAMES[d] }))}
                error={fieldState.error?.message}
              />
            )}
          />
          <FormTextInput
            control={form.control}
            name="start"
            label="Starts at"
            description="On a 24-hour clock, in the appliance's time zone, such as 22:00."
            maxLength={5}
          />
          <Controller
            control={form.control}
            name="hours"
            render={({ field, fieldState }) => (
              <Select
                label="Window"
                allowDeselect={false}
                data={HOURS}
                value={String(field.value)}
                onChange={(v) => field.onChange(Number(v))}
                error={fieldState.error?.message}
              />
            )}
          />
          <DialogButtons
            onCancel={onClose}
            saving={saving}
            label={schedule ? 'Save schedule' : 'Add schedule'}
          />
        </Stack>
      </form>
    </Modal>
  );
}
