import { zodResolver } from '@hookform/resolvers/zod';
import { reportCalls as c } from '@lifeboat/contract';
import { Button, Group, Radio, SegmentedControl, Select, Stack, TextInput } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useCall } from '../../api/useCall';
import { type BuilderValues, builderSchema, scheduledPeriod } from './builderForm';

interface Props {
  /** Staff and distributors choose the reseller first (spec 6); resellers skip it. */
  chooseReseller: boolean;
  /** A client user's own company: shown, not chosen. */
  ownClient: string | null;
  initial: BuilderValues;
  onGenerate(values: BuilderValues): void;
}

/** Step 1 of the builder: who, when, how often and how detailed. */
export function OptionsStep({ chooseReseller, ownClient, initial, onGenerate }: Props) {
  const resellers = useCall(c.resellers, {}, { enabled: chooseReseller });
  const [createdAt, setCreatedAt] = useState<number | null>(null);
  const schema = useMemo(() => builderSchema(createdAt, Date.now()), [createdAt]);
  const form = useForm<BuilderValues>({
    defaultValues: initial,
    mode: 'onChange',
    resolver: zodResolver(schema),
  });
  const resellerId = form.watch('reseller_id');
  const clientId = form.watch('client_id');
  const mode = form.watch('mode');
  const frequency = form.watch('frequency');
  const clients = useCall(
    c.clients,
    { params: { resellerId: Number(resellerId) || 0 } },
    { enabled: Boolean(resellerId) },
  );
  const created = useCall(
    c.dateCreated,
    { params: { clientId: Number(clientId) || 0 } },
    { enabled: Boolean(clientId) },
  );
  const loadedCreated = created.data ? created.data.date_created * 1000 : null;
  useEffect(() => setCreatedAt(loadedCreated), [loadedCreated]);
  const values = form.watch();
  const check = schema.safeParse(values);
  const dateError = check.success ? null : check.error.issues.find((i) => i.path[0] === 'to_date')?.message;

  useEffect(() => {
    if (mode !== 'scheduled') return;
    const p = scheduledPeriod(frequency);
    form.setValue('from_date', p.from);
    form.setValue('to_date', p.to);
  }, [mode, frequency, form]);

  const submit = form.handleSubmit((v) => onGenerate(v), undefined);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (check.success) void submit(e);
      }}
    >
      <Stack maw={520}>
        {chooseReseller && (
          <Controller
            control={form.control}
            name="reseller_id"
            render={({ field }) => (
              <Select
                label="Organisation"
                placeholder="Choose a reseller"
                searchable
                data={(resellers.data?.entities_list ?? []).map((r) => ({
                  value: String(r.id),
                  label: r.name,
                }))}
                value={field.value || null}
                onChange={(v) => {
                  field.onChange(v ?? '');
                  form.setValue('client_id', '');
                }}
              />
            )}
          />
        )}
        {ownClient !== null ? (
          <TextInput label="Client" value={ownClient} readOnly variant="filled" />
        ) : (
          <Controller
            control={form.control}
            name="client_id"
            render={({ field }) => (
              <Select
                label="Client"
                placeholder={resellerId ? 'Choose a client' : 'Choose an organisation first'}
                searchable
                disabled={!resellerId}
                data={(clients.data?.entities_list ?? []).map((r) => ({
                  value: String(r.id),
                  label: r.name,
                }))}
                value={field.value || null}
                onChange={(v) => field.onChange(v ?? '')}
              />
            )}
          />
        )}
        <Controller
          control={form.control}
          name="mode"
          render={({ field }) => (
            <SegmentedControl
              aria-label="Schedule"
              data={[
                { value: 'oneoff', label: 'One-off' },
                { value: 'scheduled', label: 'Scheduled' },
              ]}
              value={field.value}
              onChange={field.onChange}
            />
          )}
        />
        {mode === 'scheduled' && (
          <Controller
            control={form.control}
            name="frequency"
            render={({ field }) => (
              <Select
                label="Frequency"
                allowDeselect={false}
                data={[
                  { value: 'weekly', label: 'Weekly (Monday to Sunday)' },
                  { value: 'monthly', label: 'Monthly (calendar month)' },
                  { value: 'quarterly', label: 'Quarterly' },
                ]}
                value={field.value}
                onChange={(v) => v && field.onChange(v)}
              />
            )}
          />
        )}
        <Group grow align="flex-start">
          <TextInput
            type="date"
            label="From"
            disabled={mode === 'scheduled'}
            {...form.register('from_date')}
          />
          <TextInput type="date" label="To" disabled={mode === 'scheduled'} {...form.register('to_date')} />
        </Group>
        {clientId && dateError && (
          <div role="alert" style={{ color: 'var(--mantine-color-red-7)', fontSize: 14 }}>
            {dateError}
          </div>
        )}
        <Controller
          control={form.control}
          name="level"
          render={({ field }) => (
            <Radio.Group label="Level of detail" value={field.value} onChange={field.onChange}>
              <Group mt={4}>
                <Radio value="summary" label="Summary" />
                <Radio value="detailed" label="Detailed (a page per system)" />
              </Group>
            </Radio.Group>
          )}
        />
        <Group>
          <Button type="submit" disabled={!check.success || createdAt === null}>
            Generate
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
