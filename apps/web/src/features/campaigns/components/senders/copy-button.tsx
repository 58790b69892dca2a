import { useEffect, useState } from 'react';
import { SENDER_TEXTS } from '../../campaigns-content';

interface CopyButtonProps {
  value: string;
  /** Says which record and part, since a page holds many Copy buttons. */
  label: string;
  /** Read out once the value is on the clipboard. */
  copiedStatus: string;
}

// Long enough to be seen, short enough that the button is back before the next copy.
const COPIED_MS = 2_000;

/** Puts one value on the clipboard; says "Copied" for a moment, or how to copy by hand when it cannot. */
export function CopyButton({ value, label, copiedStatus }: CopyButtonProps) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');

  useEffect(() => {
    if (state !== 'copied') return undefined;
    const timer = setTimeout(() => setState('idle'), COPIED_MS);
    return () => clearTimeout(timer);
  }, [state]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setState('copied');
    } catch {
      setState('failed');
    }
  }

  return (
    <span className="copy-button">
      <button type="button" className={`copy-button__button${state === 'copied' ? ' copy-button__button--done' : ''}`} aria-label={label} onClick={() => void copy()}>
        <svg aria-hidden="true" viewBox="0 0 16 16" width="14" height="14" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round">
          {state === 'copied' ? <path d="M3.5 8.5l3 3 6-7" /> : <path d="M5.5 5.5V3.2c0-.4.3-.7.7-.7h6.6c.4 0 .7.3.7.7v6.6c0 .4-.3.7-.7.7h-2.3M3.2 5.5h6.6c.4 0 .7.3.7.7v6.6c0 .4-.3.7-.7.7H3.2a.7.7 0 0 1-.7-.7V6.2c0-.4.3-.7.7-.7z" />}
        </svg>
        <span aria-hidden="true">{state === 'copied' ? SENDER_TEXTS.copied : SENDER_TEXTS.copy}</span>
      </button>
      <span className={state === 'failed' ? 'copy-button__failed' : 'visually-hidden'} role="status">
        {state === 'copied' ? copiedStatus : state === 'failed' ? SENDER_TEXTS.copyFailed : ''}
      </span>
    </span>
  );
}
