import { type Duration, DURATION_UNITS } from '@postlark/shared/automations';
import { FieldError } from '../../../components/ui/field-error';

/** A whole number and a unit, side by side, under one legend. */
export function DurationField({ id, legend, value, error, onChange }: { id: string; legend: string; value: Duration; error?: string; onChange(value: Duration): void }) {
  return (
    <fieldset className="flow-fieldset">
      <legend className="form-field__label">{legend}</legend>
      <div className="flow-inline">
        <input
          id={`${id}-amount`}
          className="form-field__input flow-inline__number"
          type="number"
          min={1}
          inputMode="numeric"
          aria-label={`${legend}: amount`}
          aria-invalid={error ? true : undefined}
          value={Number.isFinite(value.amount) ? value.amount : ''}
          onChange={(event) => onChange({ ...value, amount: event.target.value === '' ? Number.NaN : Number(event.target.value) })}
        />
        <select id={`${id}-unit`} className="form-field__input" aria-label={`${legend}: unit`} value={value.unit} onChange={(event) => onChange({ ...value, unit: event.target.value as Duration['unit'] })}>
          {DURATION_UNITS.map((unit) => (
            <option key={unit} value={unit}>
              {unit}
            </option>
          ))}
        </select>
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  );
}
