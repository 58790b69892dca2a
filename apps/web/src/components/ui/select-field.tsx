import { type ComponentProps, type ReactNode, useId } from 'react';
import { controlAria, FieldFrame } from './text-field';
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
  return (
    <FieldFrame controlId={selectId} label={label} requiredMark={requiredMark} hint={hint} error={error}>
      <select
        id={selectId}
        className={['form-field__input', className].filter(Boolean).join(' ')}
        {...controlAria(selectId, { error, hint, requiredMark })}
        {...select}
      >
        {children}
      </select>
    </FieldFrame>
  );
}
