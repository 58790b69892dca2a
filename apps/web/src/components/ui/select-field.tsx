import { type ComponentProps, type ReactNode, useId } from 'react';
import { FieldError } from './field-error';
import { describedByIds, FieldLabel, fieldIds } from './text-field';
import './form-field.css';

interface SelectFieldProps extends Omit<ComponentProps<'select'>, 'id'> {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  requiredMark?: boolean;
  id?: string;
}

/** A labelled select with its hint and error, wired like TextField. */
export function SelectField({ label, error, hint, requiredMark, id, className, children, ...select }: SelectFieldProps) {
  const fallbackId = useId();
  const selectId = id ?? fallbackId;
  const ids = fieldIds(selectId);
  return (
    <div className="form-field">
      <FieldLabel htmlFor={selectId} requiredMark={requiredMark}>
        {label}
      </FieldLabel>
      <select
        id={selectId}
        className={['form-field__input', className].filter(Boolean).join(' ')}
        aria-invalid={Boolean(error) || undefined}
        aria-required={requiredMark || undefined}
        aria-describedby={describedByIds(ids, { error, hint })}
        {...select}
      >
        {children}
      </select>
      {hint && (
        <div id={ids.hint} className="form-field__hint">
          {hint}
        </div>
      )}
      <FieldError id={ids.error} message={error} />
    </div>
  );
}
