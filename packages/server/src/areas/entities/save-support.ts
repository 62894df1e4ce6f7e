import type { z } from 'zod';
import { BadRequestError } from '../../http/errors';

// Field checks shared by the edit dialogs' saves. Errors are collected per field and thrown once,
// so the dialog can show each under its input (spec: 8 'Entity save with is_error').

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

/**
 * Check one field with its rule from the contract (contract/fields.ts, the same rule the web's
 * form used): the cleaned value, or '' with the rule's message added under the field.
 */
export function checkField(
  errs: FieldErrors,
  field: string,
  rule: z.ZodType<string, string>,
  raw: string | undefined,
): string {
  const r = rule.safeParse(raw ?? '');
  if (r.success) return r.data;
  errs.add(field, r.error.issues[0]?.message ?? 'Check this field.');
  return '';
}
