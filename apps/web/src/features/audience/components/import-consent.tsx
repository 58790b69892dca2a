import { useId, useState } from 'react';
import { IMPORT_CONSENT_WORDING, IMPORT_MESSAGES, type ImportProgress, importConsentSchema } from '@postlark/shared/imports';
import { Button } from '../../../components/ui/button';
import { FieldError } from '../../../components/ui/field-error';
import { formatMoment } from '../audience-content';
import { TOOLS_TEXTS } from '../tools-content';
import '../../../components/ui/check-chip.css';
import '../../../components/ui/notice.css';
import './import-page.css';

interface ConsentCheckProps {
  checked: boolean;
  onChange(checked: boolean): void;
  error?: string;
  /** What else describes the box (a hint's id). */
  describedBy?: string;
}

/** The box the customer ticks to confirm, in the words stored with the import. */
export function ConsentCheck({ checked, onChange, error, describedBy }: ConsentCheckProps) {
  const errorId = useId();
  const described = [describedBy, error ? errorId : undefined].filter(Boolean).join(' ') || undefined;
  return (
    <div className="import-consent">
      <label className="check-chip import-consent__check">
        <input type="checkbox" checked={checked} aria-invalid={error ? true : undefined} aria-describedby={described} onChange={(event) => onChange(event.target.checked)} />
        <span className="check-chip__box" aria-hidden="true" />
        <span className="check-chip__label">{IMPORT_CONSENT_WORDING}</span>
      </label>
      <FieldError id={errorId} message={error} />
    </div>
  );
}

interface ConsentRequestProps {
  progress: ImportProgress;
  /** Sends the confirmation; resolves with the message to show when it could not be sent. */
  onConfirm(): Promise<string | null>;
}

/** An import stopped at the consent threshold: why, the box to tick, and the way on with the file it kept. */
export function ConsentRequest({ progress, onConfirm }: ConsentRequestProps) {
  const [checked, setChecked] = useState(false);
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);

  async function confirm() {
    const parsed = importConsentSchema.safeParse({ consent_confirmed: checked });
    if (!parsed.success) return setError(IMPORT_MESSAGES.consentRequired);
    setSending(true);
    const failure = await onConfirm();
    setSending(false);
    setError(failure ?? '');
  }

  return (
    <div className="import-consent-request" role="region" aria-label="Consent confirmation">
      <p className="notice notice--info" role="status">
        {IMPORT_MESSAGES.consentNeeded(progress.consent.required_above ?? 0)}
      </p>
      <ConsentCheck
        checked={checked}
        error={error || undefined}
        onChange={(next) => {
          setChecked(next);
          setError('');
        }}
      />
      <div className="audience-form__actions">
        <Button onClick={() => void confirm()} disabled={sending}>
          {sending ? TOOLS_TEXTS.confirmingConsent : TOOLS_TEXTS.confirmConsent}
        </Button>
      </div>
    </div>
  );
}

/** Who confirmed the consent of an import, when, and the words they ticked. */
export function ConsentRecord({ progress }: { progress: ImportProgress }) {
  const { confirmed_at: at, confirmed_by: by, wording } = progress.consent;
  if (!at) return null;
  return (
    <p className="import-report__consent">
      Consent confirmed{by ? ` by ${by}` : ''} on {formatMoment(at)}: “{wording ?? IMPORT_CONSENT_WORDING}”
    </p>
  );
}
