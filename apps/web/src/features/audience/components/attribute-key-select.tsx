import type { AttributeKeyCount } from '@postlark/shared/audience';
import { ATTRIBUTE_CONDITION_TEXTS } from '../tools-content';

/** The customer's attribute keys as the builder has them: read once per builder opened. */
export type AttributeKeysState = { state: 'loading' } | { state: 'done'; keys: readonly AttributeKeyCount[] } | { state: 'failed'; message: string };

/** The most common key, for a condition newly turned into an attribute one; none until they are read. */
export function firstAttributeKey(keys: AttributeKeysState): string | undefined {
  return keys.state === 'done' ? keys.keys[0]?.key : undefined;
}

interface AttributeKeySelectProps {
  label: string;
  value: string;
  keys: AttributeKeysState;
  onChange(key: string): void;
}

/**
 * The attribute condition's key, picked from those the customer's subscribers have (each with how
 * many have it) rather than typed. A saved key no one has now stays chosen and says so. Keys are
 * the customer's text: React renders them as text, never as markup.
 */
export function AttributeKeySelect({ label, value, keys, onChange }: AttributeKeySelectProps) {
  const listed = keys.state === 'done' ? keys.keys : [];
  // Nothing to choose from and nothing chosen: the row says why, instead of an empty select.
  if (value === '' && keys.state !== 'loading' && listed.length === 0) {
    return <p className="segment-condition__note">{keys.state === 'failed' ? keys.message : ATTRIBUTE_CONDITION_TEXTS.none}</p>;
  }
  const known = listed.some((entry) => entry.key === value);
  return (
    <select className="form-field__input" aria-label={label} value={value} onChange={(event) => onChange(event.target.value)}>
      {value === '' && (
        <option value="" disabled>
          {keys.state === 'loading' ? ATTRIBUTE_CONDITION_TEXTS.loading : ATTRIBUTE_CONDITION_TEXTS.choose}
        </option>
      )}
      {/* Until the keys are read (or if they cannot be), the saved key shows as itself. */}
      {value !== '' && !known && <option value={value}>{keys.state === 'done' ? ATTRIBUTE_CONDITION_TEXTS.gone(value) : value}</option>}
      {listed.map((entry) => (
        <option key={entry.key} value={entry.key}>
          {ATTRIBUTE_CONDITION_TEXTS.option(entry.key, entry.subscribers)}
        </option>
      ))}
    </select>
  );
}
