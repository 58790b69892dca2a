import { useId } from 'react';
import { FieldError } from '../../../components/ui/field-error';

interface ColorFieldProps {
  label: string;
  value: string;
  error?: string;
  onChange(value: string): void;
}

const HEX = /^#[0-9a-fA-F]{6}$/;

/**
 * A colour as its hex code, typed or picked: the swatch is the browser's colour picker, the text
 * the code itself (what a brand guide gives). A half-typed code stays in the text until it is one.
 */
export function ColorField({ label, value, error, onChange }: ColorFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="brand-color">
      <label className="brand-color__label" htmlFor={id}>
        {label}
      </label>
      <div className="brand-color__controls">
        <input
          type="color"
          className="brand-color__swatch"
          aria-label={`${label}: pick a colour`}
          value={value.length === 7 && HEX.test(value) ? value.toLowerCase() : '#000000'}
          onChange={(event) => onChange(event.target.value)}
        />
        <input
          id={id}
          className="form-field__input brand-color__hex"
          value={value}
          maxLength={7}
          spellCheck={false}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => onChange(event.target.value.trim())}
        />
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
