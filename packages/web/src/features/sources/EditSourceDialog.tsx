import { type EditSourceFormValues, editSourceForm, type SourceRow, sourceCalls } from '@lifeboat/contract';
import { Modal, NumberInput, SimpleGrid, Stack, Switch } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Controller } from 'react-hook-form';
import { call } from '../../api/call';
import { invalidateCalls } from '../../api/useCall';
import { FormPasswordInput } from '../../forms/FormPasswordInput';
import { FormTextInput } from '../../forms/FormTextInput';
import { useSchemaForm } from '../../forms/useSchemaForm';
import { FormErrorAlert } from '../entities/DialogParts';
import { ConnectionTestRow, useConnectionTest } from './ConnectionTest';

// Edit a backup source (issue 25.3, 25.4 and 25.6): its name, where the repository is now (it
// moved) and its new password (re-keyed with restic key), how often it syncs, the share of the
// repository's data each repository check reads back and how often one runs, and pausing. Only
// what changed is sent; the password is never shown, an empty one keeps it. "Test connection"
// opens the repository as it would be after the change; the server opens it again on saving.

const valuesOf = (s: SourceRow): EditSourceFormValues => ({
  name: s.name,
  sync_interval_minutes: s.sync_interval_minutes,
  check_percent: s.check_percent,
  check_interval_hours: s.check_interval_hours,
  paused: s.paused,
  location: s.location,
  password: '',
});

const BLANK: EditSourceFormValues = {
  name: '',
  sync_interval_minutes: 15,
  check_percent: 5,
  check_interval_hours: 24,
  paused: false,
  location: '',
  password: '',
};

interface Props {
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

export function EditSourceDialog({ source, onClose }: Props) {
  const qc = useQueryClient();
  const { form, onSubmit, formError, setFormError, saving, reset } = useSchemaForm(editSourceForm, {
    defaultValues: source ? valuesOf(source) : BLANK,
    send: async (v) => {
      if (!source) return;
      const was = valuesOf(source);
      const json = Object.fromEntries(
        (Object.keys(v) as (keyof EditSourceFormValues)[])
          .filter((k) => v[k] !== was[k] && !(k === 'password' && v[k] === ''))
          .map((k) => [k, v[k]]),
      );
      if (Object.keys(json).length > 0) {
        await call(sourceCalls.edit, { params: { id: source.id }, json });
        await invalidateCalls(qc, [sourceCalls.list]);
      }
      onClose();
    },
  });
  const { tested, testing, test, clear } = useConnectionTest({
    validate: async () => source !== null && (await form.trigger(['location', 'password'])),
    run: () => {
      const { location, password } = form.getValues();
      const json = {
        ...(location !== source?.location ? { location } : {}),
        ...(password ? { password } : {}),
      };
      return call(sourceCalls.testChange, { params: { id: source?.id ?? 0 }, json });
    },
    setLocationError: (message) => form.setError('location', { message }),
    setFormError,
  });
  useEffect(() => {
    if (source) reset(valuesOf(source));
    clear();
  }, [source, reset, clear]);
  return (
    <Modal opened={source !== null} onClose={onClose} title="Edit backup source" centered size="lg">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <FormErrorAlert title="The source was not saved" message={formError} />
          <FormTextInput control={form.control} name="name" label="Name" required maxLength={100} />
          <FormTextInput
            control={form.control}
            name="location"
            label="Repository location"
            description="Change it when the repository has moved: it must be the same repository."
            required
            maxLength={1024}
          />
          <FormPasswordInput
            control={form.control}
            name="password"
            label="New repository password"
            description="Only after restic key changed it. Leave empty to keep the current one."
            autoComplete="new-password"
          />
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
          <ConnectionTestRow
            tested={tested}
            testing={testing}
            saving={saving}
            onTest={test}
            onCancel={onClose}
            label="Save"
          />
        </Stack>
      </form>
    </Modal>
  );
}
