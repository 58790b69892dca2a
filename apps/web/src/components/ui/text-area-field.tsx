import { type ComponentProps, type ReactNode, useId } from 'react';
import { controlAria } from './text-field';
import { FormRow } from './form-row';
import './form-field.css';

interface TextAreaFieldProps extends Omit<ComponentProps<'textarea'>, 'id'> {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  requiredMark?: boolean;
  id?: string;
}

/** A labelled multi-line text box with its hint and error, wired like TextField. */
export function TextAreaField({ label, error, hint, requiredMark, id, className, rows = 3, ...textarea }: TextAreaFieldProps) {
  const fallbackId = useId();
  const controlId = id ?? fallbackId;
  return (
    <FormRow controlId={controlId} label={label} requiredMark={requiredMark} hint={hint} error={error}>
      <textarea
        id={controlId}
        rows={rows}
        className={['form-field__input', 'form-field__input--multiline', className].filter(Boolean).join(' ')}
        {...controlAria(controlId, { error, hint, requiredMark })}
        {...textarea}
      />
    </FormRow>
  );
}
