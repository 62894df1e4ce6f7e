import { zodResolver } from '@hookform/resolvers/zod';
import { type FormEvent, useCallback, useState } from 'react';
import { type DefaultValues, type FieldValues, type UseFormReturn, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { applyServerError } from './serverErrors';

// Every form the same way (issue 11.7): react-hook-form checking with the contract's schema,
// the server's refusals mapped onto the fields (serverErrors.ts), one form-level message.

export interface SchemaFormOptions<In extends FieldValues, Out> {
  defaultValues: DefaultValues<In>;
  /** Send the checked (cleaned) values; throw the ApiError of a refusal. */
  send: (values: Out) => Promise<unknown>;
  /** A server field shown under another input: `{ level: 'organisation_id' }`. */
  aliases?: Readonly<Record<string, string>>;
  /** The inputs on screen, when not every key of the schema has one (a picker shown to staff only). */
  inputs?: readonly string[];
  /** Called with the error of a refused send, after it is on the form (the sign-in shakes). */
  onRefused?: (err: unknown) => void;
}

export interface SchemaForm<In extends FieldValues, Out> {
  form: UseFormReturn<In, unknown, Out>;
  /** The form's onSubmit: check, then send; a refusal lands on the fields and formError. */
  onSubmit: (e?: FormEvent) => Promise<void>;
  /** The error alert's message, or null. */
  formError: string | null;
  setFormError: (message: string | null) => void;
  /** True while the values are being sent: the submit button shows it and is enabled again after. */
  saving: boolean;
  /** Start again from these values (a dialog opening). */
  reset: (values: DefaultValues<In>) => void;
}

type ObjectSchema<In, Out> = z.ZodType<Out, In> & { shape?: Record<string, unknown> };

export function useSchemaForm<In extends FieldValues, Out>(
  schema: ObjectSchema<In, Out>,
  { defaultValues, send, aliases, inputs, onRefused }: SchemaFormOptions<In, Out>,
): SchemaForm<In, Out> {
  const form = useForm<In, unknown, Out>({
    resolver: zodResolver(schema),
    defaultValues,
    // Checked on submit, then again as the person corrects a field (which clears its error).
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const [formError, setFormError] = useState<string | null>(null);
  const names = inputs ?? Object.keys(schema.shape ?? {});
  const onSubmit = form.handleSubmit(
    async (values) => {
      setFormError(null);
      try {
        await send(values);
      } catch (err) {
        setFormError(applyServerError(err, form.setError, names, aliases));
        onRefused?.(err);
      }
    },
    () => setFormError(null),
  );
  const { reset: resetForm } = form;
  // Stable, so a dialog can reset from an effect when it opens.
  const reset = useCallback(
    (values: DefaultValues<In>) => {
      resetForm(values);
      setFormError(null);
    },
    [resetForm],
  );
  return { form, onSubmit, formError, setFormError, saving: form.formState.isSubmitting, reset };
}
