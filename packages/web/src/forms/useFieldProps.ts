import type { ReactNode } from 'react';
import { type Control, type FieldValues, type Path, useController } from 'react-hook-form';

export interface FieldBinding<F extends FieldValues, T extends FieldValues> {
  control: Control<F, unknown, T>;
  name: Path<F>;
  description?: ReactNode;
}

/**
 * The props a Mantine text input needs from a form field. One message at a time under an input
 * (issue 18.16): the error replaces the description while there is one.
 */
export function useFieldProps<F extends FieldValues, T extends FieldValues>(
  { control, name, description }: FieldBinding<F, T>,
  clean: (raw: string) => string = (raw) => raw,
) {
  const { field, fieldState } = useController({ control, name });
  const error = fieldState.error?.message;
  return {
    name: field.name,
    ref: field.ref,
    value: (field.value as string | undefined) ?? '',
    onChange: (e: { currentTarget: { value: string } }) => field.onChange(clean(e.currentTarget.value)),
    onBlur: field.onBlur,
    error,
    description: error ? undefined : description,
  };
}
