import { FIELD_MAX, sanitizeEntityInput } from '@lifeboat/contract';
import { Skeleton } from '@mantine/core';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { FormTextInput } from '../../forms/FormTextInput';

interface OrgValues extends FieldValues {
  name: string;
  email: string;
}

interface OrgFieldsProps<F extends OrgValues, T extends FieldValues> {
  control: Control<F, unknown, T>;
  /** "Client name", "Reseller name". */
  nameLabel: string;
  emailDescription: string;
  /** The stored values are still loading. */
  loading?: boolean;
}

/** The name and contact e-mail of an organisation's edit dialog, sanitised as typed (spec 5). */
export function OrgFields<F extends OrgValues, T extends FieldValues>({
  control,
  nameLabel,
  emailDescription,
  loading = false,
}: OrgFieldsProps<F, T>) {
  if (loading)
    return (
      <>
        <Skeleton height={36} />
        <Skeleton height={36} />
      </>
    );
  return (
    <>
      <FormTextInput
        control={control}
        name={'name' as Path<F>}
        label={nameLabel}
        required
        maxLength={FIELD_MAX.name}
        data-autofocus
        clean={sanitizeEntityInput}
      />
      <FormTextInput
        control={control}
        name={'email' as Path<F>}
        label="Contact e-mail"
        description={emailDescription}
        type="email"
        maxLength={FIELD_MAX.email}
        clean={sanitizeEntityInput}
      />
    </>
  );
}
