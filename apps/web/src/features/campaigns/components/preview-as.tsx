import { useEffect, useId, useState } from 'react';
import { BLOCK_TEXTS } from '../content-blocks';
import { getSubscriberMatches } from '../campaigns-api';

/** Who the preview is for: a subscriber of the account, or null for the sample reader. */
export interface PreviewReader {
  id: string;
  label: string;
}

// Asked once typing pauses this long, not on every key.
const SEARCH_DEBOUNCE_MS = 300;

/** "Preview as": a search over the account's subscribers; choosing one renders the preview for them. */
export function PreviewAs({ reader, onChange }: { reader: PreviewReader | null; onChange(reader: PreviewReader | null): void }) {
  const inputId = useId();
  const [search, setSearch] = useState('');
  const [matches, setMatches] = useState<PreviewReader[] | null>(null);
  const [error, setError] = useState('');

  useEffect(() => {
    const query = search.trim();
    if (!query) return;
    let live = true;
    const timer = window.setTimeout(() => {
      getSubscriberMatches(query).then(
        (answer) => {
          if (!live) return;
          if (!answer.ok || !answer.body) {
            setError(BLOCK_TEXTS.previewAsFailed);
            return;
          }
          setError('');
          setMatches(answer.body.payload.subscribers.map((person) => ({ id: person.id, label: [[person.first_name, person.last_name].filter(Boolean).join(' '), person.email].filter(Boolean).join(' · ') })));
        },
        () => live && setError(BLOCK_TEXTS.previewAsFailed),
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [search]);

  const shownMatches = search.trim() ? matches : null;
  return (
    <div className="preview-as">
      <label className="preview-as__label" htmlFor={inputId}>
        {BLOCK_TEXTS.previewAs}
      </label>
      <p className="preview-as__current" aria-live="polite">
        {reader ? reader.label : BLOCK_TEXTS.previewAsSample}
        {reader && (
          <button type="button" className="preview-as__clear" onClick={() => onChange(null)}>
            {BLOCK_TEXTS.previewAsClear}
          </button>
        )}
      </p>
      <input
        id={inputId}
        className="form-field__input preview-as__search"
        type="search"
        placeholder="Name or email"
        aria-describedby={`${inputId}-hint`}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      <p id={`${inputId}-hint`} className="preview-as__hint">
        {BLOCK_TEXTS.previewAsHint}
      </p>
      {error && (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      )}
      {shownMatches && (
        <ul className="preview-as__matches" aria-label="Subscribers found">
          {shownMatches.length === 0 && <li className="preview-as__hint">{BLOCK_TEXTS.previewAsNone}</li>}
          {shownMatches.map((match) => (
            <li key={match.id}>
              <button
                type="button"
                className="preview-as__match"
                onClick={() => {
                  onChange(match);
                  setSearch('');
                }}
              >
                {match.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
