import { sanitizeEntityInput } from '@lifeboat/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { ApiError, type FormValue } from '../../api/client';
import { entityKeys, type SavableEntity, saveEntity } from './entitiesApi';

// State of an edit dialog: values, field errors from the server's is_error/errors answer (spec:
// 8 'Entity save with is_error': error header, field messages, button enabled again).

export interface EntityFormState<V extends Record<string, string | boolean>> {
  values: V;
  /** Set a text field, dropping the characters spec 5 excludes. */
  setText: (field: keyof V & string, raw: string) => void;
  setValue: <K extends keyof V>(field: K, value: V[K]) => void;
  errors: Record<string, string>;
  /** The error header: the server's message, or a network failure. */
  formError: string | null;
  saving: boolean;
  submit: (extra?: Record<string, FormValue>) => void;
  reset: (values: V) => void;
}

export function useEntityForm<V extends Record<string, string | boolean>>(
  entity: SavableEntity,
  initial: V,
  onSaved: (id: number) => void,
  /** Fields never sanitised (passwords keep every character). */
  raw: readonly string[] = [],
): EntityFormState<V> {
  const client = useQueryClient();
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: (fields: Record<string, FormValue>) => saveEntity(entity, fields),
    onMutate: () => {
      setErrors({});
      setFormError(null);
    },
    onSuccess: async (answer) => {
      await client.invalidateQueries({ queryKey: entityKeys.all });
      if (answer.id !== undefined) onSaved(answer.id);
    },
    onError: (err) => {
      if (err instanceof ApiError) {
        setErrors(err.fields ?? {});
        setFormError(err.fields ? 'Please correct the fields below.' : err.message);
      } else setFormError('The changes could not be saved. Please try again.');
    },
  });
  const { reset: resetMutation } = mutation;
  // Stable, so dialogs can reset from an effect when they open.
  const reset = useCallback(
    (next: V) => {
      setValues(next);
      setErrors({});
      setFormError(null);
      resetMutation();
    },
    [resetMutation],
  );
  return {
    values,
    errors,
    formError,
    saving: mutation.isPending,
    setText: (field, text) => {
      const v = raw.includes(field) ? text : sanitizeEntityInput(text);
      setValues((cur) => ({ ...cur, [field]: v }));
      // Typing in a field clears its error.
      setErrors(({ [field]: _gone, ...rest }) => rest);
    },
    setValue: (field, value) => setValues((cur) => ({ ...cur, [field]: value })),
    submit: (extra = {}) => mutation.mutate({ ...values, ...extra }),
    reset,
  };
}
