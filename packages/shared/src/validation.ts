import type * as z from 'zod/mini';
import { GENERIC_MESSAGES } from './messages';

export type FieldErrors = Record<string, string>;

/** One message per field, the first one raised, keyed by the field's dotted path ('' for the whole body). */
export function fieldErrors(error: z.core.$ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) errors[key] ??= GENERIC_MESSAGES.unknownField(key);
      continue;
    }
    const key = issue.path.join('.');
    errors[key] ??= issue.message;
  }
  return errors;
}

/** The message a form or an API answer shows first. */
export function firstErrorMessage(error: z.core.$ZodError): string {
  return Object.values(fieldErrors(error))[0] ?? GENERIC_MESSAGES.badRequest;
}
