import { type FormEvent, useEffect, useState } from 'react';
import { DEFAULT_MARKETING_PREFERENCES, MARKETING_PREFERENCE_IDS, type MarketingPreferences } from '@postlark/shared/profile';
import { Button } from '../../../components/ui/button';
import { PREFERENCE_ROWS, PROFILE_TEXTS } from '../profile-content';
import type { FormOutcome } from '../../../lib/form-state';
import { CardHead } from '../../../components/ui/card';

interface PreferencesTabProps {
  /** Resolves with the saved choices, or rejects with the message to show. */
  load(): Promise<MarketingPreferences>;
  onSave(values: MarketingPreferences): Promise<FormOutcome>;
}

type Loaded = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; saved: MarketingPreferences };

const same = (a: MarketingPreferences, b: MarketingPreferences) => MARKETING_PREFERENCE_IDS.every((id) => a[id] === b[id]);

/** SPEC section 2, Communication preference: the seven marketing choices; Save stores them, Cancel restores them. */
export function PreferencesTab({ load, onSave }: PreferencesTabProps) {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [values, setValues] = useState<MarketingPreferences>(DEFAULT_MARKETING_PREFERENCES);
  const [saving, setSaving] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    load().then(
      (saved) => {
        if (!live) return;
        setLoaded({ state: 'ready', saved });
        setValues(saved);
      },
      (message: unknown) => live && setLoaded({ state: 'failed', message: typeof message === 'string' ? message : PROFILE_TEXTS.preferencesFailed }),
    );
    return () => {
      live = false;
    };
  }, [load, attempt]);

  const saved = loaded.state === 'ready' ? loaded.saved : null;
  const dirty = saved !== null && !same(values, saved);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!saved) return;
    setSaving(true);
    const submitted = values;
    const outcome = await onSave(submitted);
    setSaving(false);
    if (outcome.ok) setLoaded({ state: 'ready', saved: submitted });
  }

  return (
    <form className="dash-card dash-card--stack" noValidate aria-labelledby="preferences-title" aria-busy={loaded.state === 'loading'} onSubmit={(event) => void onSubmit(event)}>
      <CardHead
        title="My marketing preferences"
        titleId="preferences-title"
        text="Choose what we may email you about. Account and security messages always reach you."
      />
      {loaded.state === 'failed' && (
        <div className="notice notice--error" role="alert">
          <span>{loaded.message}</span>
          <button
            type="button"
            className="notice__action"
            onClick={() => {
              setLoaded({ state: 'loading' });
              setAttempt((count) => count + 1);
            }}
          >
            Try again
          </button>
        </div>
      )}
      <fieldset className="profile-checks profile-checks--grid" disabled={loaded.state !== 'ready' || saving}>
        <legend className="visually-hidden">My marketing preferences</legend>
        {PREFERENCE_ROWS.map((row) => (
          <label key={row.id} className={`profile-check${row.id !== 'optOut' && values.optOut ? ' profile-check--muted' : ''}${row.id === 'optOut' ? ' profile-check--opt-out' : ''}`}>
            <input
              type="checkbox"
              name={row.id}
              checked={values[row.id]}
              onChange={(event) => setValues((current) => ({ ...current, [row.id]: event.target.checked }))}
            />
            <span className="profile-check__box" aria-hidden="true" />
            <span className="profile-check__text">
              <span className="profile-check__label">{row.label}</span>
              <span className="profile-check__description">{row.description}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {values.optOut && <p className="profile-note">{PROFILE_TEXTS.optOutNote}</p>}
      <div className="profile-form__actions">
        <Button variant="secondary" disabled={!dirty || saving} onClick={() => saved && setValues(saved)}>
          Cancel
        </Button>
        <Button type="submit" disabled={!dirty || saving}>
          {saving ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </form>
  );
}
