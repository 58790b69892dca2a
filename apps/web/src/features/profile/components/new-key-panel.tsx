import { useEffect, useId, useRef, useState } from 'react';
import { API_KEY_MESSAGES } from '@postlark/shared/api-keys';
import { Button } from '../../../components/ui/button';
import './api-keys.css';

/**
 * A key just made, shown this once with its Copy button; Done forgets it. Also a webhook's signing
 * secret, with its own label and note.
 */
export function NewKeyPanel({ apiKey, onDone, label = 'Your new API key', note = API_KEY_MESSAGES.created }: { apiKey: string; onDone(): void; label?: string; note?: string }) {
  const fieldId = useId();
  const noteId = useId();
  const field = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<'no' | 'yes' | 'failed'>('no');

  // Ready to copy by hand too, and where a screen reader lands.
  useEffect(() => {
    field.current?.focus();
    field.current?.select();
  }, []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(apiKey);
      setCopied('yes');
    } catch {
      field.current?.select();
      setCopied('failed');
    }
  }

  return (
    <div className="api-keys__new" role="region" aria-label={label}>
      <p id={noteId} className="api-keys__new-note">
        <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" fill="currentColor">
          <path d="M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16zm-.9 4h1.8v5.2H9.1zm0 6.6h1.8v1.8H9.1z" />
        </svg>
        {note}
      </p>
      <label htmlFor={fieldId} className="visually-hidden">
        {label}
      </label>
      <div className="api-keys__new-row">
        <input
          ref={field}
          id={fieldId}
          className="form-field__input api-keys__new-key"
          readOnly
          value={apiKey}
          spellCheck={false}
          aria-describedby={noteId}
          onFocus={(event) => event.target.select()}
        />
        <Button onClick={() => void copy()}>{copied === 'yes' ? 'Copied' : 'Copy'}</Button>
      </div>
      <div className="api-keys__new-foot">
        <p className="api-keys__new-status" role="status">
          {copied === 'yes' ? 'Copied to the clipboard.' : copied === 'failed' ? 'Could not copy: it is selected, copy it with your keyboard.' : ''}
        </p>
        <Button variant="ghost" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}
