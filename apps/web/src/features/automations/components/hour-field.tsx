import { SelectField } from '../../../components/ui/select-field';
import { hourText } from '../automations-content';

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

/** An hour of the day, 00:00 to 23:00. */
export function HourField({ id, label, value, error, onChange }: { id: string; label: string; value: number; error?: string; onChange(hour: number): void }) {
  return (
    <SelectField id={id} label={label} value={String(value)} error={error} onChange={(event) => onChange(Number(event.target.value))}>
      {HOURS.map((hour) => (
        <option key={hour} value={hour}>
          {hourText(hour)}
        </option>
      ))}
    </SelectField>
  );
}
