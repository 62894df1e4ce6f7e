import { sanitizeEntityInput } from '@lifeboat/contract';
import { BadRequestError } from '../../http/errors';

// Field checks shared by the edit dialogs' saves. Errors are collected per field and thrown once,
// so the dialog can show each under its input (spec: 8 'Entity save with is_error').

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export class FieldErrors {
  readonly errors: Record<string, string> = {};
  add(field: string, message: string): void {
    this.errors[field] ??= message;
  }
  /** Throws a 400 naming the first problem when any field failed. */
  throwIfAny(): void {
    const first = Object.values(this.errors)[0];
    if (first) throw new BadRequestError(first, this.errors);
  }
}

/** Sanitised, trimmed text; required fields report an empty value. */
export function cleanText(
  errs: FieldErrors,
  field: string,
  raw: string | undefined,
  opts: { label: string; required?: boolean; max: number },
): string {
  const v = sanitizeEntityInput(raw ?? '').trim();
  if (opts.required && v === '') errs.add(field, `Enter the ${opts.label}.`);
  else if (v.length > opts.max) errs.add(field, `The ${opts.label} can be at most ${opts.max} characters.`);
  return v;
}

export function cleanEmail(
  errs: FieldErrors,
  field: string,
  raw: string | undefined,
  required = false,
): string {
  const v = cleanText(errs, field, raw, { label: 'e-mail address', required, max: 254 }).toLowerCase();
  if (v !== '' && !EMAIL.test(v)) errs.add(field, 'Enter an e-mail address such as name@example.com.');
  return v;
}
