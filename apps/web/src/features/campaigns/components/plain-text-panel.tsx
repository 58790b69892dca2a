import type { MergeTagProblem } from '@postlark/shared/campaigns';
import { CAMPAIGN_LIMITS } from '@postlark/shared/campaigns';
import { DELIVERY_TEXTS } from '@postlark/shared/integrations';
import { Button } from '../../../components/ui/button';
import { FieldError } from '../../../components/ui/field-error';
import { CAMPAIGN_TEXTS } from '../campaigns-content';
import { MergeTagProblems } from './merge-tag-problems';

interface PlainTextPanelProps {
  /** null while generated from the HTML. */
  text: string | null;
  /** The version the server generated, shown while text is null. */
  generated: string;
  onChange(text: string | null): void;
  problems: readonly MergeTagProblem[] | undefined;
  error?: string;
  readOnly: boolean;
  /** The platform delivering it (issue 22), whose own footer replaces ours; null: Postlark's. */
  platform?: string | null;
}

/**
 * The plain-text version mail clients without HTML show. Generated from the HTML until the
 * customer edits it; "Regenerate from HTML" hands it back to the generator.
 */
export function PlainTextPanel({ text, generated, onChange, problems, error, readOnly, platform = null }: PlainTextPanelProps) {
  const edited = text !== null;
  return (
    <section className="dash-card campaign-card" aria-labelledby="campaign-text-title">
      <header className="campaign-card__head">
        <div>
          <h2 id="campaign-text-title" className="campaign-card__title">
            Plain-text version
          </h2>
          <p className="campaign-card__text">{edited ? CAMPAIGN_TEXTS.editedText : CAMPAIGN_TEXTS.generatedText}</p>
          {platform && <p className="campaign-card__text">{DELIVERY_TEXTS.platformFooter(platform)}</p>}
        </div>
        {!readOnly &&
          (edited ? (
            <Button variant="secondary" onClick={() => onChange(null)}>
              Regenerate from HTML
            </Button>
          ) : (
            <Button variant="secondary" onClick={() => onChange(generated)}>
              Edit plain text
            </Button>
          ))}
      </header>
      <textarea
        id="campaign-text"
        className={`form-field__input form-field__input--multiline campaign-text${edited ? '' : ' campaign-text--generated'}`}
        aria-labelledby="campaign-text-title"
        aria-describedby={[problems?.length ? 'campaign-text-problems' : '', error ? 'campaign-text-error' : ''].filter(Boolean).join(' ') || undefined}
        aria-invalid={Boolean(error) || undefined}
        rows={10}
        maxLength={CAMPAIGN_LIMITS.text}
        readOnly={readOnly || !edited}
        value={edited ? text : generated}
        onChange={(event) => onChange(event.target.value)}
      />
      <MergeTagProblems id="campaign-text-problems" problems={problems} />
      <FieldError id="campaign-text-error" message={error} />
    </section>
  );
}
