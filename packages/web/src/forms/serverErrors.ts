import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../api/client';

// One mapper for every form (issue 11.7): the server's field messages (`fields` of an error
// answer, or the spec's `is_error`/`errors` of a save) go under their inputs; anything naming no
// input on the form goes to the form's error alert (spec: inventory 8 'Entity save with
// is_error': an error header and field messages).

export const FIELDS_BELOW = 'Please correct the fields below.';
export const NOT_SAVED = 'The changes could not be saved. Please try again.';

export interface MappedServerError {
  /** Messages for inputs on the form, by field name. */
  fields: Record<string, string>;
  /** The form-level alert: stray messages, a pointer to the fields, or the error's message. */
  formError: string;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null;
}

/** The field messages an error carries: an ApiError's fields, or an `{is_error: true, errors}` answer. */
export function serverFieldMessages(err: unknown): Record<string, string> {
  const raw =
    err instanceof ApiError ? err.fields : isRecord(err) && err.is_error === true ? err.errors : null;
  if (!isRecord(raw)) return {};
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw)) if (typeof v === 'string' && v !== '') out[k] = v;
  return out;
}

/**
 * Split an error into the messages of the form's inputs and the form-level alert. `aliases` sends
 * a server field to the input that shows it (the user dialog shows `level` under the organisation).
 */
export function mapServerError(
  err: unknown,
  inputs: readonly string[],
  aliases: Readonly<Record<string, string>> = {},
): MappedServerError {
  const fields: Record<string, string> = {};
  const stray: string[] = [];
  for (const [key, message] of Object.entries(serverFieldMessages(err))) {
    const input = aliases[key] ?? key;
    if (inputs.includes(input)) fields[input] ??= message;
    else if (!stray.includes(message)) stray.push(message);
  }
  if (stray.length > 0) return { fields, formError: stray.join(' ') };
  if (Object.keys(fields).length > 0) return { fields, formError: FIELDS_BELOW };
  if (err instanceof ApiError) return { fields, formError: err.message };
  if (isRecord(err) && typeof err.message === 'string' && err.message !== '' && !(err instanceof Error))
    return { fields, formError: err.message };
  return { fields, formError: NOT_SAVED };
}

/** Put an error on a react-hook-form form; answers the form-level message. */
export function applyServerError<F extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<F>,
  inputs: readonly string[],
  aliases?: Readonly<Record<string, string>>,
): string {
  const mapped = mapServerError(err, inputs, aliases);
  for (const [name, message] of Object.entries(mapped.fields))
    setError(name as Path<F>, { type: 'server', message });
  return mapped.formError;
}
