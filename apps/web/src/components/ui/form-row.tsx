import type { ReactNode } from 'react';
import { FieldError } from './field-error';
import './form-field.css';

/** A form's row: the label above a control, its hint and error below; one frame for every kind of field. */
export function FormRow({
  controlId,
  label,
  requiredMark,
  hint,
  error,
  children,
}: {
  controlId: string;
  label: ReactNode;
  requiredMark?: boolean;
  hint?: ReactNode;
  error?: string;
  children: ReactNode;
}) {
  const ids = fieldIds(controlId);
  return (
    <div className="form-field">
      <FieldLabel htmlFor={controlId} requiredMark={requiredMark}>
        {label}
      </FieldLabel>
      {children}
      {hint && (
        <div id={ids.hint} className="form-field__hint">
          {hint}
        </div>
      )}
      <FieldError id={ids.error} message={error} />
    </div>
  );
}

export function FieldLabel({ htmlFor, requiredMark, children }: { htmlFor: string; requiredMark?: boolean; children: ReactNode }) {
  return (
    <label className="form-field__label" htmlFor={htmlFor}>
      {children}
      {requiredMark && (
        <span className="form-field__required" aria-hidden="true">
          {' '}
          *
        </span>
      )}
    </label>
  );
}

/** The ids of a control's hint and error, for aria-describedby. */
export function fieldIds(inputId: string) {
  return { hint: `${inputId}-hint`, error: `${inputId}-error` };
}
