import { type EditSourceFormValues, editSourceForm, type SourceRow, sourceCalls } from '@lifeboat/contract';
import { Modal, NumberInput, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Controller } from 'react-hook-form';
import { call } from '../../api/call';
import { FormTextInput } from '../../forms/FormTextInput';
import { useSchemaForm } from '../../forms/useSchemaForm';
import { DialogButtons, FormErrorAlert } from '../entities/DialogParts';
import { sourceKeys } from './sourcesQueries';

// Edit a backup source (issue 25.3 and 25.6): its name, how often it syncs, the share of the
// repository's data each repository check reads back and how often one runs, and pausing. Only
// what changed is sent; the server refuses an edit that changes nothing.

const valuesOf = (s: SourceRow): EditSourceFormValues => ({
  name: s.name,
  sync_interval_minutes: s.sync_interval_minutes,
  check_percent: s.check_percent,
  check_interval_hours: s.check_interval_hours,
  paused: s.paused,
});

const BLANK: EditSourceFormValues = {
  name: '',
  sync_interval_minutes: 15,
  check_percent: 5,
  check_interval_hours: 24,
  paused: false,
};

interface Props {
  clientId: number;
  source: SourceRow | null;
  onClose: () => void;
}

const NUMBERS = [
  ['sync_interval_minutes', 'Sync every (minutes)', 'From 5 minutes to a day (1,440).'],
  [
    'check_percent',
    'Repository check reads (% of the data)',
    'restic check reads back this share of the data.',
  ],
  [
    'check_interval_hours',
    'Repository check every (hours)',
    'Run with a sync once this much time has passed.',
  ],
] as const;

export function EditSourceDialog({ clientId, source, onClose }: Props) {
  const qc = useQueryClient();
  const { form, onSubmit, formError, saving, reset } = useSchemaForm(editSourceForm, {
    defaultValues: source ? valuesOf(source) : BLANK,
    send: async (v) => {
      if (!source) return;
      const was = valuesOf(source);
      const json = Object.fromEntries(
        (Object.keys(v) as (keyof EditSourceFormValues)[])
          .filter((k) => v[k] !== was[k])
          .map((k) => [k, v[k]]),
      );
      if (Object.keys(json).length > 0) {
        await call(sourceCalls.edit, { params: { id: source.id }, json });
        await qc.invalidateQueries({ queryKey: sourceKeys.client(clientId) });
      }
      onClose();
    },
  });
  useEffect(() => {
    if (source) reset(valuesOf(source));
  }, [source, reset]);
  return (
    <Modal opened={source !== null} onClose={onClose} title="Edit backup source" centered size="lg">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {source?.location}
          </Text>
          <FormErrorAlert title="The source was not saved" message={formError} />
          <FormTextInput control={form.control} name="name" label="Name" required maxLength={100} />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {NUMBERS.map(([name, label, description]) => (
              <Controller
                key={name}
                control={form.control}
                name={name}
                render={({ field, fieldState }) => (
                  <NumberInput
                    label={label}
                    description={fieldState.error ? undefined : description}
                    error={fieldState.error?.message}
                    value={field.value}
                    onChange={(v) => field.onChange(typeof v === 'number' ? v : Number.NaN)}
                    onBlur={field.onBlur}
                    allowDecimal={false}
                    allowNegative={false}
                    required
                  />
                )}
              />
            ))}
          </SimpleGrid>
          <Controller
            control={form.control}
            name="paused"
            render={({ field }) => (
              <Switch
                label="Paused: no syncs and no repository checks until resumed"
                checked={field.value}
                onChange={(e) => field.onChange(e.currentTarget.checked)}
              />
            )}
          />
          <DialogButtons onCancel={onClose} saving={saving} label="Save" />
        </Stack>
      </form>
    </Modal>
  );
}
