import { type ComponentProps, type ReactNode, useId } from 'react';
import { fieldIds, FormRow } from './form-row';
import './form-field.css';

export interface TextFieldProps extends Omit<ComponentProps<'input'>, 'id'> {
  label: ReactNode;
  /** Shown under the field, tied to it with aria-describedby; role="alert" announces it. */
  error?: string;
  /** Help under the field, also tied with aria-describedby. */
  hint?: ReactNode;
  /** Draws the required star and sets aria-required; the form validates, not the browser. */
  requiredMark?: boolean;
  id?: string;
  /** Extra ids to describe the field with, such as a form-level message. */
  describedBy?: string;
}

/** A labelled input with its hint and error, wired for screen readers. */
export function TextField({ label, error, hint, requiredMark, id, describedBy, className, ...input }: TextFieldProps) {
  const fallbackId = useId();
  const inputId = id ?? fallbackId;
  return (
    <FormRow controlId={inputId} label={label} requiredMark={requiredMark} hint={hint} error={error}>
      <input
        id={inputId}
        className={['form-field__input', className].filter(Boolean).join(' ')}
        {...controlAria(inputId, { error, hint, describedBy, requiredMark })}
        {...input}
      />
    </FormRow>
  );
}

/** The ARIA a field's control carries: invalid, required, and what describes it. */
export function controlAria(
  controlId: string,
  field: { error?: string; hint?: ReactNode; describedBy?: string; requiredMark?: boolean },
) {
  return {
    'aria-invalid': Boolean(field.error) || undefined,
    'aria-required': field.requiredMark || undefined,
    'aria-describedby': describedByIds(fieldIds(controlId), field),
  };
}

function describedByIds(
  ids: { hint: string; error: string },
  { error, hint, describedBy }: { error?: string; hint?: ReactNode; describedBy?: string },
): string | undefined {
  const list = [hint ? ids.hint : '', error ? ids.error : '', describedBy ?? ''].filter(Boolean);
  return list.length > 0 ? list.join(' ') : undefined;
}
