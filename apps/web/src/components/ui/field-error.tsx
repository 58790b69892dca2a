import './field-error.css';

/** A field's validation message, announced to screen readers when it appears. */
export function FieldError({ id, message }: { id: string; message?: string }) {
  return (
    <p id={id} className="field-error" role="alert">
      {message ?? ''}
    </p>
  );
}
