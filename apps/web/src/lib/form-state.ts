import { useState } from 'react';
import type { FieldErrors } from '@postlark/shared/validation';

/** What a form's save came to: the route shows the toast, the form the fields' messages. */
export type FormOutcome = { ok: true } | { ok: false; message: string; errors: FieldErrors };

/**
 * A form over saved values: what the customer typed, over what the server holds. Cancel drops the
 * typing; a save clears it once the saved values are the server's.
 */
export function useDraft<Values extends Record<string, string>>(saved: Values) {
  const [draft, setDraft] = useState<Partial<Values>>({});
  const values = { ...saved, ...draft } as Values;
  const dirty = (Object.keys(saved) as (keyof Values)[]).some((key) => values[key] !== saved[key]);
  return {
    values,
    dirty,
    set: (name: keyof Values, value: string) => setDraft((current) => ({ ...current, [name]: value })),
    reset: () => setDraft({}),
  };
}

/** The field errors' state of a form: shown after a submit, each cleared as its field is edited. */
export function useFieldErrors() {
  const [errors, setErrors] = useState<FieldErrors>({});
  return {
    errors,
    show: setErrors,
    clear: (name: string) =>
      setErrors((current) => {
        if (!(name in current)) return current;
        const { [name]: _cleared, ...rest } = current;
        return rest;
      }),
    clearAll: () => setErrors({}),
  };
}
