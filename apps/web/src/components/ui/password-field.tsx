import { useId, useState } from 'react';
import { controlAria, type TextFieldProps } from './text-field';
import { FormRow } from './form-row';
import './form-field.css';
import { useHeldUntilHydrated } from '../../lib/use-hydrated';

/** A password input with a show/hide toggle (SPEC section 2: eye icons on password fields). */
export function PasswordField({ label, error, hint, requiredMark, id, describedBy, className, disabled, ...input }: Omit<TextFieldProps, 'type'>) {
  const fallbackId = useId();
  const inputId = id ?? fallbackId;
  const [visible, setVisible] = useState(false);
  const toggleHold = useHeldUntilHydrated(disabled);
  return (
    <FormRow controlId={inputId} label={label} requiredMark={requiredMark} hint={hint} error={error}>
      <div className="form-field__control">
        <input
          id={inputId}
          type={visible ? 'text' : 'password'}
          className={['form-field__input', 'form-field__input--with-toggle', className].filter(Boolean).join(' ')}
          {...controlAria(inputId, { error, hint, describedBy, requiredMark })}
          disabled={disabled}
          // Browsers must not offer to spell-check or capitalise a password shown as text.
          autoCapitalize="off"
          spellCheck={false}
          {...input}
        />
        <button
          type="button"
          className="form-field__toggle"
          aria-label={visible ? 'Hide password' : 'Show password'}
          aria-pressed={visible}
          aria-controls={inputId}
          {...toggleHold}
          onClick={() => setVisible((shown) => !shown)}
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      </div>
    </FormRow>
  );
}

function EyeIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
    </svg>
  );
}

function EyeOffIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
      <path d="M10.6 5.1A10.8 10.8 0 0 1 12 5c6.4 0 10 7 10 7a17.6 17.6 0 0 1-3.1 4M6.6 6.6C3.8 8.4 2 12 2 12s3.6 7 10 7a9.7 9.7 0 0 0 5.4-1.6" />
      <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2M3 3l18 18" />
    </svg>
  );
}
