import type { CampaignPreview } from '@postlark/shared/campaigns';
import { CAMPAIGN_LIMITS } from '@postlark/shared/campaigns';
import type { SenderOverview } from '@postlark/shared/senders';
import { TextField } from '../../../components/ui/text-field';
import type { CampaignDraft, DraftField } from '../campaign-draft';
import type { EditorAssistant, EditorTextContext } from '../editor-assistant';
import { FromAddressField } from './from-address-field';
import { MergeTagProblems } from './merge-tag-problems';
import { SubjectCheckList } from './subject-check-list';

export type DraftSetter = <Field extends keyof CampaignDraft>(field: Field, value: CampaignDraft[Field]) => void;

interface CampaignFieldsProps {
  draft: CampaignDraft;
  set: DraftSetter;
  errors: Partial<Record<DraftField, string>>;
  problems: CampaignPreview['problems'];
  readOnly: boolean;
  /** The customer's senders, for the From address's choices (null while loading). */
  senders: SenderOverview | null;
  /** The writing assistant's tools under the subject and preview text, when the app gives one. */
  assistant?: EditorAssistant;
  context: EditorTextContext;
  onMakeVariants?(dimension: 'subject' | 'preheader', values: string[]): void;
  /** The subject as a reader with no data reads it (the server renders merge tags): what the checker measures. */
  readerSubject?: string;
}

/** The envelope: the campaign's name, what the inbox shows, and who it is from. */
export function CampaignFields({ draft, set, errors, problems, readOnly, senders, assistant, context, onMakeVariants, readerSubject }: CampaignFieldsProps) {
  // A subject without tags reads as typed, with no wait for the preview.
  const measured = draft.subject.includes('{') && readerSubject !== undefined ? readerSubject : draft.subject;
  return (
    <section className="dash-card campaign-card" aria-labelledby="campaign-details-title">
      <h2 id="campaign-details-title" className="campaign-card__title">
        Details
      </h2>
      <div className="campaign-card__fields">
        <TextField
          id="campaign-name"
          label="Campaign name"
          hint="Only you see it."
          requiredMark
          maxLength={CAMPAIGN_LIMITS.name}
          value={draft.name}
          error={errors.name}
          readOnly={readOnly}
          onChange={(event) => set('name', event.target.value)}
        />
        <div className="campaign-field--assisted">
          <TextField
            id="campaign-subject"
            label="Subject line"
            maxLength={CAMPAIGN_LIMITS.subject}
            value={draft.subject}
            error={errors.subject}
            readOnly={readOnly}
            describedBy={problems.subject?.length ? 'campaign-subject-problems' : undefined}
            onChange={(event) => set('subject', event.target.value)}
          />
          <MergeTagProblems id="campaign-subject-problems" problems={problems.subject} />
          <SubjectCheckList id="campaign-subject-check" subject={measured} />
          {!readOnly && assistant?.field({ field: 'subject', context, disabled: readOnly, onUse: (value) => set('subject', value), onMakeVariants })}
        </div>
        <div className="campaign-field--assisted">
          <TextField
            id="campaign-preheader"
            label="Preview text"
            hint="Shown after the subject in most inboxes."
            maxLength={CAMPAIGN_LIMITS.preheader}
            value={draft.preheader}
            error={errors.preheader}
            readOnly={readOnly}
            describedBy={problems.preheader?.length ? 'campaign-preheader-problems' : undefined}
            onChange={(event) => set('preheader', event.target.value)}
          />
          <MergeTagProblems id="campaign-preheader-problems" problems={problems.preheader} />
          {!readOnly && assistant?.field({ field: 'preheader', context, disabled: readOnly, onUse: (value) => set('preheader', value), onMakeVariants })}
        </div>
        <TextField
          id="campaign-from-name"
          label="From name"
          autoComplete="organization"
          maxLength={CAMPAIGN_LIMITS.fromName}
          value={draft.from_name}
          error={errors.from_name}
          readOnly={readOnly}
          onChange={(event) => set('from_name', event.target.value)}
        />
        {/* Full width: a sender's address is often long, and its choice carries a hint and a link. */}
        <FromAddressField value={draft.from_email} senders={senders} error={errors.from_email} readOnly={readOnly} onChange={(value) => set('from_email', value)} />
        <TextField
          id="campaign-reply-to"
          label="Reply-to email"
          type="email"
          hint="Optional. Replies go to the from email when empty."
          maxLength={CAMPAIGN_LIMITS.email}
          value={draft.reply_to}
          error={errors.reply_to}
          readOnly={readOnly}
          onChange={(event) => set('reply_to', event.target.value)}
        />
        <label className="campaign-toggle">
          <input type="checkbox" role="switch" checked={draft.tracking} disabled={readOnly} onChange={(event) => set('tracking', event.target.checked)} />
          <span className="campaign-toggle__track" aria-hidden="true" />
          <span className="campaign-toggle__text">
            <span className="campaign-toggle__label">Track opens and clicks</span>
            <span className="campaign-toggle__hint">Links go through a short redirect and a tiny image counts opens. Turn off for a plain personal note.</span>
          </span>
        </label>
      </div>
    </section>
  );
}
