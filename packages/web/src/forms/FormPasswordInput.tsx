import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import type { FieldValues } from 'react-hook-form';
import { type FieldBinding, useFieldProps } from './useFieldProps';

type Props<F extends FieldValues, T extends FieldValues> = FieldBinding<F, T> &
  Omit<
    PasswordInputProps,
    'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'error' | 'description'
  >;

/** A password input bound to a schema form's field: every character kept. */
export function FormPasswordInput<F extends FieldValues, T extends FieldValues>({
  control,
  name,
  description,
  ...rest
}: Props<F, T>) {
  return <PasswordInput {...rest} {...useFieldProps({ control, name, description })} />;
}
