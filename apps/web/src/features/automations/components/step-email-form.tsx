import type { ReactNode } from 'react';
import type { AbStepTestSettings } from '@postlark/shared/ab-tests';
import { CAMPAIGN_LIMITS } from '@postlark/shared/campaigns';
import type { EmailStep } from '@postlark/shared/automations';
import { FieldError } from '../../../components/ui/field-error';
import { TextField } from '../../../components/ui/text-field';

/**
 * The campaign editor's pieces an email step is written with. The page that composes this feature
 * hands them in (features never import each other): the From address's choice of confirmed
 * senders, and the rich text editor with its merge-tag menu.
 */
export interface EmailSlots {
  from(props: { value: string; error?: string; onChange(value: string): void }): ReactNode;
  content(props: { initialHtml: string; onChange(html: string): void; labelledBy: string; invalid: boolean }): ReactNode;
  /** The merge-tag problems of the fields as they are on screen, checked as the campaign editor checks them. */
  checks(step: EmailStep): ReactNode;
  /** The step's A/B test (issue 20): versions of its subject, preview text, from name or content. */
  abTest?(props: {
    stepId: string;
    test: AbStepTestSettings | null;
    original: { subject: string; preheader: string; from_name: string; content_html: string };
    error?: string;
    onChange(test: AbStepTestSettings | null): void;
  }): ReactNode;
}

type Errors = Readonly<Record<string, string>>;

export function StepEmailForm({ step, errors, slots, onChange }: { step: EmailStep; errors: Errors; slots: EmailSlots; onChange(step: EmailStep): void }) {
  const set = <Field extends keyof EmailStep>(field: Field, value: EmailStep[Field]) => onChange({ ...step, [field]: value });
  return (
    <div className="flow-panel__fields">
      <TextField id="email-step-name" label="Step name" hint="Only you see it, on the canvas." maxLength={200} value={step.name} onChange={(event) => set('name', event.target.value)} />
      <TextField id="email-step-subject" label="Subject line" maxLength={CAMPAIGN_LIMITS.subject} value={step.subject} error={errors.subject} onChange={(event) => set('subject', event.target.value)} />
      <TextField
        id="email-step-preheader"
        label="Preview text"
        hint="Shown after the subject in most inboxes."
        maxLength={CAMPAIGN_LIMITS.preheader}
        value={step.preheader}
        error={errors.preheader}
        onChange={(event) => set('preheader', event.target.value)}
      />
      <TextField id="email-step-from-name" label="From name" maxLength={CAMPAIGN_LIMITS.fromName} value={step.from_name} error={errors.from_name} onChange={(event) => set('from_name', event.target.value)} />
      {slots.from({ value: step.from_email, error: errors.from_email, onChange: (value) => set('from_email', value) })}
      <TextField
        id="email-step-reply-to"
        label="Reply-to email"
        type="email"
        hint="Optional. Replies go to the from email when empty."
        maxLength={CAMPAIGN_LIMITS.email}
        value={step.reply_to}
        error={errors.reply_to}
        onChange={(event) => set('reply_to', event.target.value)}
      />
      <label className="flow-check">
        <input type="checkbox" checked={step.tracking} onChange={(event) => set('tracking', event.target.checked)} />
        Track opens and clicks
      </label>
      <div className="form-field">
        <span id="email-step-content-label" className="form-field__label">
          Content
        </span>
        {slots.content({ initialHtml: step.content_html, onChange: (html) => set('content_html', html), labelledBy: 'email-step-content-label', invalid: Boolean(errors.content_html) })}
        <FieldError id="email-step-content-error" message={errors.content_html} />
        {slots.checks(step)}
        <p className="flow-panel__note">The compliance footer (your postal address and an unsubscribe link) is added to every email.</p>
      </div>
      {slots.abTest?.({
        stepId: step.id,
        test: step.ab_test ?? null,
        original: { subject: step.subject, preheader: step.preheader, from_name: step.from_name, content_html: step.content_html },
        error: errors.ab_test,
        onChange: (test) => set('ab_test', test),
      })}
    </div>
  );
}
