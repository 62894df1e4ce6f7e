import { API_KEY_MAX_DAYS, apiKeyCreateBody, RIGHTS, type Right, securityCalls } from '@lifeboat/contract';
import { Alert, Button, Checkbox, Code, Group, Radio, Select, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { call } from '../../api/call';
import { invalidateCalls } from '../../api/useCall';
import { CopyAction } from '../../components/CopyAction';
import { FormTextInput } from '../../forms/FormTextInput';
import { useSchemaForm } from '../../forms/useSchemaForm';
import { useCurrentUser } from '../../session/session';
import { FormErrorAlert } from '../entities/DialogParts';

const LIFETIMES = [
  { value: '7', label: 'A week' },
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: String(API_KEY_MAX_DAYS), label: 'A year' },
];

/** The new key, shown once with a copy button: only its hash is kept. */
function ShownOnce({ value, onDone }: { value: string; onDone: () => void }) {
  return (
    <Alert color="green" variant="light" title="Your new key" data-testid="new-api-key">
      <Stack gap="xs">
        <Text size="sm">
          Copy it now: it is not shown again. Send it as the header Authorization: Bearer and the key.
        </Text>
        <Code
          block
          style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}
          data-testid="new-api-key-value"
        >
          {value}
        </Code>
        <Group>
          <CopyAction value={value} what="the key" text="Copy the key" />
          <Button size="xs" variant="default" onClick={onDone}>
            I have copied it
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/** Making an API key (issue 26.4): a name, how long it works, and read-only or rights the user holds. */
export function ApiKeyCreate() {
  const user = useCurrentUser();
  const client = useQueryClient();
  const [made, setMade] = useState<string | null>(null);
  const { form, onSubmit, formError, saving, reset } = useSchemaForm(apiKeyCreateBody, {
    defaultValues: { name: '', days: 90, readOnly: true, rights: undefined },
    send: async (v) => {
      const answer = await call(securityCalls.createApiKey, { json: v });
      setMade(answer.key);
      reset({ name: '', days: 90, readOnly: true, rights: undefined });
      await invalidateCalls(client, [securityCalls.listApiKeys]);
    },
  });
  const readOnly = form.watch('readOnly');
  if (made) return <ShownOnce value={made} onDone={() => setMade(null)} />;
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <Title order={3} fz="h5">
          Make a key
        </Title>
        <FormErrorAlert title="The key was not made" message={formError} />
        <Group align="flex-start" grow preventGrowOverflow={false} wrap="wrap">
          <FormTextInput
            control={form.control}
            name="name"
            label="Name"
            description="What uses it, such as your PSA."
          />
          <Controller
            control={form.control}
            name="days"
            render={({ field, fieldState }) => (
              <Select
                label="Works for"
                data={LIFETIMES}
                value={String(field.value)}
                onChange={(v) => v && field.onChange(Number(v))}
                error={fieldState.error?.message}
                allowDeselect={false}
              />
            )}
          />
        </Group>
        <Controller
          control={form.control}
          name="readOnly"
          render={({ field }) => (
            <Radio.Group
              label="It may"
              value={field.value ? 'read' : 'rights'}
              onChange={(v) => {
                field.onChange(v === 'read');
                // Read-only sends no rights; choosing rights starts from none ticked.
                form.setValue('rights', v === 'read' ? undefined : []);
              }}
            >
              <Stack gap={6} mt={6}>
                <Radio value="read" label="Only read: see what your account sees, change nothing" />
                <Radio value="rights" label="Do what I choose below" />
              </Stack>
            </Radio.Group>
          )}
        />
        {!readOnly && (
          <Controller
            control={form.control}
            name="rights"
            render={({ field, fieldState }) => (
              <Checkbox.Group
                value={field.value ?? []}
                onChange={field.onChange}
                error={fieldState.error?.message}
              >
                <Stack gap={6}>
                  {user.rights.map((r: Right) => (
                    <Checkbox key={r} value={r} label={RIGHTS[r].allows} />
                  ))}
                </Stack>
              </Checkbox.Group>
            )}
          />
        )}
        <Group>
          <Button type="submit" loading={saving}>
            Make the key
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
