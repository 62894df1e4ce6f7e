import { Skeleton, TextInput } from '@mantine/core';
import type { EntityFormState } from './useEntityForm';

interface OrgFieldsProps {
  form: Pick<EntityFormState<{ name: string; email: string }>, 'values' | 'errors' | 'setText'>;
  /** "Client name", "Reseller name". */
  nameLabel: string;
  emailDescription: string;
  /** The stored values are still loading. */
  loading?: boolean;
  /** A field error the server reports that has no input of its own here. */
  extraError?: string;
}

/** The name and contact e-mail of an organisation's edit dialog, sanitised as typed (spec 5). */
export function OrgFields({
  form,
  nameLabel,
  emailDescription,
  loading = false,
  extraError,
}: OrgFieldsProps) {
  if (loading)
    return (
      <>
        <Skeleton height={36} />
        <Skeleton height={36} />
      </>
    );
  return (
    <>
      <TextInput
        label={nameLabel}
        required
        maxLength={100}
        data-autofocus
        value={form.values.name}
        onChange={(e) => form.setText('name', e.currentTarget.value)}
        error={form.errors.name}
      />
      <TextInput
        label="Contact e-mail"
        description={emailDescription}
        type="email"
        maxLength={254}
        value={form.values.email}
        onChange={(e) => form.setText('email', e.currentTarget.value)}
        error={form.errors.email ?? extraError}
      />
    </>
  );
}
