import { useId, useState } from 'react';
import { SelectField } from '../../../components/ui/select-field';
import { Button } from '../../../components/ui/button';
import { DEFAULT_EXPORT, EXPORT_KINDS, EXPORT_PERIODS, PROFILE_TEXTS } from '../profile-content';

/**
 * SPEC section 2, Manage my data: the export's kinds and period. Building the export is not
 * available yet, so its button says so; the choices still toggle.
 */
export function DataExportTab() {
  const [selection, setSelection] = useState(DEFAULT_EXPORT);
  const noteId = useId();

  return (
    <section className="dash-card profile-form" aria-labelledby="export-title">
      <div className="profile-form__head">
        <h2 id="export-title" className="dash-card__title">
          Export data
        </h2>
        <p className="dash-card__text">
          Your export is bundled as CSV files in one Zip file, and we email you when it is ready. You can export your data once a month,
          and an export can take up to 24 hours.
        </p>
      </div>
      <fieldset className="profile-checks profile-checks--inline">
        <legend className="form-field__legend">What to export</legend>
        {EXPORT_KINDS.map((kind) => (
          <label key={kind.id} className="profile-check profile-check--compact">
            <input
              type="checkbox"
              name={kind.id}
              checked={selection[kind.id]}
              onChange={(event) => setSelection((current) => ({ ...current, [kind.id]: event.target.checked }))}
            />
            <span className="profile-check__box" aria-hidden="true" />
            <span className="profile-check__label">{kind.label}</span>
          </label>
        ))}
      </fieldset>
      <div className="profile-export__period">
        <SelectField label="Period" value={selection.period} onChange={(event) => setSelection((current) => ({ ...current, period: event.target.value }))}>
          {EXPORT_PERIODS.map((period) => (
            <option key={period.value} value={period.value}>
              {period.label}
            </option>
          ))}
        </SelectField>
      </div>
      <div className="profile-form__actions profile-form__actions--start">
        <Button disabled aria-describedby={noteId}>
          Export data
        </Button>
        <span id={noteId} className="soon-pill">
          {PROFILE_TEXTS.comingSoon}
        </span>
      </div>
    </section>
  );
}
