import { TextInput, type TextInputProps } from '@mantine/core';
import type { FieldValues } from 'react-hook-form';
import { type FieldBinding, useFieldProps } from './useFieldProps';

type Props<F extends FieldValues, T extends FieldValues> = FieldBinding<F, T> &
  Omit<
    TextInputProps,
    'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'error' | 'description'
  > & {
    /** Applied as typed: entity inputs drop the characters spec 5 excludes. */
    clean?: (raw: string) => string;
  };

/** A text input bound to a schema form's field. */
export function FormTextInput<F extends FieldValues, T extends FieldValues>({
  control,
  name,
  description,
  clean,
  ...rest
}: Props<F, T>) {
  return <TextInput {...rest} {...useFieldProps({ control, name, description }, clean)} />;
}
