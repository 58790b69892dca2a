import { type ComponentProps, type ReactNode, useId } from 'react';
import { controlAria } from './text-field';
import { FormRow } from './form-row';
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
    <FormRow controlId={selectId} label={label} requiredMark={requiredMark} hint={hint} error={error}>
      <select
        id={selectId}
        className={['form-field__input', className].filter(Boolean).join(' ')}
        {...controlAria(selectId, { error, hint, requiredMark })}
        {...select}
      >
        {children}
      </select>
    </FormRow>
  );
}
