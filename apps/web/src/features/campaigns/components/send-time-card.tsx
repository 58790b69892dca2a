import { useState } from 'react';
import { STO_LIMITS, STO_MESSAGES, type SendTimeOptimisation } from '@postlark/shared/send-time-optimisation';
import { FieldError } from '../../../components/ui/field-error';
import { TextField } from '../../../components/ui/text-field';
import './send-time-card.css';

interface SendTimeCardProps {
  value: SendTimeOptimisation | null;
  readOnly: boolean;
  /** The campaign has an A/B test: its test group goes at the send time. */
  withAbTest: boolean;
  error?: string;
  onChange(value: SendTimeOptimisation | null): void;
}

export const STO_DEFAULTS: SendTimeOptimisation = {
  window_hours: STO_LIMITS.windowHours.default,
  explore_percent: STO_LIMITS.explorePercent.default,
  holdout_percent: STO_LIMITS.holdoutPercent.default,
};

const FIELDS = [
  { key: 'window_hours', label: STO_MESSAGES.windowLabel, range: STO_LIMITS.windowHours, message: STO_MESSAGES.windowInvalid },
  { key: 'explore_percent', label: STO_MESSAGES.exploreLabel, range: STO_LIMITS.explorePercent, message: STO_MESSAGES.exploreInvalid },
  { key: 'holdout_percent', label: STO_MESSAGES.holdoutLabel, range: STO_LIMITS.holdoutPercent, message: STO_MESSAGES.holdoutInvalid },
] as const;

/** "Send at each person's best time": the switch, and the window, explore share and holdout when on. */
export function SendTimeCard({ value, readOnly, withAbTest, error, onChange }: SendTimeCardProps) {
  // What is typed, kept as text so an empty or half-typed number can be corrected in place.
  const [typed, setTyped] = useState<Partial<Record<keyof SendTimeOptimisation, string>>>({});
  const change = (key: keyof SendTimeOptimisation, text: string) => {
    setTyped({ ...typed, [key]: text });
    const number = Number(text);
    if (value && text.trim() !== '' && Number.isFinite(number)) onChange({ ...value, [key]: number });
  };
  return (
    <section className="dash-card campaign-card" aria-labelledby="campaign-send-time-title">
      <h2 id="campaign-send-time-title" className="campaign-card__title">
        Send time
      </h2>
      <label className="campaign-toggle">
        <input type="checkbox" role="switch" checked={value !== null} disabled={readOnly} onChange={(event) => onChange(event.target.checked ? (value ?? STO_DEFAULTS) : null)} />
        <span className="campaign-toggle__track" aria-hidden="true" />
        <span className="campaign-toggle__text">
          <span className="campaign-toggle__label">{STO_MESSAGES.optionLabel}</span>
          <span className="campaign-toggle__hint">{STO_MESSAGES.optionHelp}</span>
        </span>
      </label>
      {value && (
        <div className="send-time-card__fields">
          {FIELDS.map((field) => {
            const shown = typed[field.key] ?? String(value[field.key]);
            const number = Number(shown);
            const invalid = shown.trim() === '' || !Number.isInteger(number) || number < field.range.min || number > field.range.max;
            return (
              <TextField
                key={field.key}
                id={`campaign-sto-${field.key}`}
                label={field.label}
                type="number"
                inputMode="numeric"
                min={field.range.min}
                max={field.range.max}
                step={1}
                value={shown}
                readOnly={readOnly}
                error={invalid ? field.message : undefined}
                onChange={(event) => change(field.key, event.target.value)}
              />
            );
          })}
        </div>
      )}
      {value && withAbTest && <p className="campaign-card__text">{STO_MESSAGES.withAbTest}</p>}
      <FieldError id="campaign-send-time-error" message={error} />
    </section>
  );
}
