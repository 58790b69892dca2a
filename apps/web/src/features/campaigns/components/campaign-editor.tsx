import { useState } from 'react';
import { Link } from 'react-router';
import type { Campaign } from '@postlark/shared/campaigns';
import { type ConnectionView, DELIVERY_TEXTS, PLATFORM_NAMES } from '@postlark/shared/integrations';
import { CONTACT_TAB_PATH } from '@postlark/shared/routes';
import { testRecipientAddresses } from '@postlark/shared/senders';
import { type CampaignDraft, isEditable } from '../campaign-draft';
import { CAMPAIGN_TEXTS } from '../campaigns-content';
import type { EditorAbTest } from '../editor-ab-test';
import type { EditorAssistant } from '../editor-assistant';
import { useAudienceChoices } from '../hooks/use-audience-choices';
import { useCampaignActions } from '../hooks/use-campaign-actions';
import { useCampaignChecks } from '../hooks/use-campaign-checks';
import { useCampaignDraft } from '../hooks/use-campaign-draft';
import { useCampaignPreview } from '../hooks/use-campaign-preview';
import { useOwnTemplates } from '../hooks/use-own-templates';
import { useRecipientCount } from '../hooks/use-recipient-count';
import { useSeedLists } from '../hooks/use-seed-lists';
import { useSenders } from '../hooks/use-senders';
import { AudiencePicker } from './audience-picker';
import { CampaignChecksPanel } from './campaign-checks-panel';
import { CampaignContentEditor } from './campaign-content-editor';
import { CampaignFields } from './campaign-fields';
import { CampaignSendingCard } from './campaign-sending-card';
import { DeliveryCard } from './delivery-card';
import { EditorHeader } from './editor-header';
import { MergeTagProblems } from './merge-tag-problems';
import { PlainTextPanel } from './plain-text-panel';
import { PreviewAs, type PreviewReader } from './preview-as';
import { PreviewPane } from './preview-pane';
import { SaveTemplateDialog } from './save-template-dialog';
import { ScheduleDialog } from './schedule-dialog';
import { SendDialog } from './send-dialog';
import { SendTimeCard } from './send-time-card';
import { TemplatePicker } from './template-picker';
import { TestSendDialog } from './test-send-dialog';
import { FieldError } from '../../../components/ui/field-error';
import { useUnsavedChangesPrompt } from '../../../lib/use-unsaved-changes-prompt';
import '../../../components/ui/notice.css';
// The preview's spinner turns with the page states' keyframes.
import '../../../components/ui/page-state.css';
import './campaign-editor.css';
import './editor-assist.css';

type Dialog = 'test' | 'schedule' | 'send' | 'template' | null;

/** The schedule's refusal beside its fields; a refusal about neither goes under the time. */
function scheduleErrors(failure: { message: string; errors: Record<string, string> } | null): Record<string, string> {
  if (!failure) return {};
  return failure.errors.send_at || failure.errors.timezone ? failure.errors : { send_at: failure.message };
}

interface CampaignEditorProps {
  /** null while the campaign is new and unsaved. */
  campaign: Campaign | null;
  /** A new campaign's starting values, such as the account's address as the sender. */
  initial: Partial<CampaignDraft>;
  replace(campaign: Campaign): void;
  onCreated(campaign: Campaign): void;
  onDuplicated(campaign: Campaign): void;
  /** The writing assistant the app adds to the fields, the content and its toolbar (none: no AI buttons). */
  assistant?: EditorAssistant;
  /** The A/B test's card and state (none: no A/B test in this editor). */
  abTest?: EditorAbTest;
  /** The account's connected platforms, for "Delivered by" (null while loading; the app reads them). */
  connections?: readonly ConnectionView[] | null;
  connectionsError?: string | null;
}

/** The campaign editor: details, audience, content, plain text and a live preview, then test, schedule or send. */
export function CampaignEditor({ campaign, initial, replace, onCreated, onDuplicated, assistant, abTest, connections = null, connectionsError = null }: CampaignEditorProps) {
  const editable = campaign ? isEditable(campaign.status) : true;
  const { overview: senders, error: sendersError } = useSenders();
  const { lists: seedLists } = useSeedLists();
  // A new campaign is From the best address it may be sent from (one at an authenticated domain
  // first), once the senders are read; the account's address only when they could not be.
  const fromDefault = senders ? (senders.from_addresses[0]?.email ?? '') : sendersError ? (initial.from_email ?? '') : '';
  const { draft, set, replaceContent, markSaved, dirty, errors, setErrors, contentVersion } = useCampaignDraft(campaign, { ...initial, from_email: fromDefault });
  const actions = useCampaignActions({ campaign, draft, dirty, setErrors, markSaved, onCreated, replace });
  useUnsavedChangesPrompt(dirty && editable, CAMPAIGN_TEXTS.leaveUnsaved);
  const { choices, error: choicesError } = useAudienceChoices();
  const [previewReader, setPreviewReader] = useState<PreviewReader | null>(null);
  // Delivered through a platform (issue 22): its name, said where our own sending would differ.
  const deliveryConnection = draft.delivery_connection_id ? (connections?.find((connection) => connection.id === draft.delivery_connection_id) ?? null) : null;
  const platform = draft.delivery_connection_id ? (deliveryConnection ? PLATFORM_NAMES[deliveryConnection.platform] : DELIVERY_TEXTS.somePlatform) : null;
  const { preview, error: previewError, pending } = useCampaignPreview({
    from_name: draft.from_name,
    subject: draft.subject,
    preheader: draft.preheader,
    content_html: draft.content_html,
    content_text: draft.content_text,
    ...(previewReader && { subscriber_id: previewReader.id }),
    // The platform adds its own footer: ours is not what its subscribers get.
    ...(platform && { platform_footer: true }),
  });
  const [dialog, setDialog] = useState<Dialog>(null);
  const ownTemplates = useOwnTemplates();
  const checks = useCampaignChecks(campaign?.id ?? null);
  const recipients = useRecipientCount(campaign?.id ?? null, dialog === 'send');
  const [started, setStarted] = useState(campaign !== null || initial.content_html !== undefined);
  const problems = preview?.problems ?? {};
  const hasProblems = Object.values(problems).some((list) => list && list.length > 0);
  const textContext = { ...(campaign ? { campaign_id: campaign.id } : {}), subject: draft.subject, preheader: draft.preheader, content_html: draft.content_html };

  // Suggested subjects or preview texts become versions B to D of an A/B test (made when there is none).
  const onMakeVariants = abTest && editable ? (dimension: 'subject' | 'preheader', values: string[]) => set('ab_test', abTest.makeVariants(draft.ab_test, dimension, values)) : undefined;
  // About how many people the chosen lists and segments hold (someone in two counts twice): for the test's sentence on what it can tell apart.
  const audienceSize = choices
    ? choices.lists.filter((list) => draft.list_ids.includes(list.id)).reduce((sum, list) => sum + list.counts.confirmed, 0) +
      choices.segments.filter((segment) => draft.segment_ids.includes(segment.id)).reduce((sum, segment) => sum + segment.count, 0)
    : null;

  const audienceNames = [
    ...(choices?.lists.filter((list) => draft.list_ids.includes(list.id)).map((list) => `List: ${list.name}`) ?? []),
    ...(choices?.segments.filter((segment) => draft.segment_ids.includes(segment.id)).map((segment) => `Segment: ${segment.name}`) ?? []),
  ];

  function open(next: Dialog) {
    actions.clearDialogError();
    setDialog(next);
    // The last look before sending includes the checks, run afresh on what is stored.
    if (next === 'send') checks.run();
  }

  return (
    <div className="campaign-editor">
      <EditorHeader
        campaign={campaign}
        name={draft.name}
        editable={editable}
        dirty={dirty}
        busy={actions.busy}
        onSave={() => void actions.save()}
        onTest={() => open('test')}
        onSchedule={() => open('schedule')}
        onUnschedule={() => void actions.act('unschedule')}
        onSend={() => open('send')}
        onDuplicate={() => campaign && void actions.duplicate(campaign.id).then((copy) => copy && onDuplicated(copy))}
        onSaveTemplate={() => {
          ownTemplates.clearError();
          setDialog('template');
        }}
      />
      <SaveTemplateDialog
        open={dialog === 'template'}
        busy={ownTemplates.busy}
        error={ownTemplates.error}
        subject={draft.subject}
        contentHtml={draft.content_html}
        suggestedName={draft.name}
        onSave={(body) => void ownTemplates.save(body).then((done) => done && setDialog(null))}
        onClose={() => setDialog(null)}
      />
      {campaign?.held_reason && campaign.status === 'draft' && (
        <p className="notice notice--error campaign-editor__notice" role="alert">
          {campaign.held_reason}
        </p>
      )}
      {errors.postal_address && (
        <p className="notice notice--error campaign-editor__notice" role="alert">
          {errors.postal_address} <Link to={CONTACT_TAB_PATH}>Add your postal address</Link>
        </p>
      )}
      {editable && hasProblems && (
        <p className="notice notice--error campaign-editor__notice" role="alert">
          {CAMPAIGN_TEXTS.fixProblems}
        </p>
      )}
      {!editable && campaign && (
        <>
          <p className="notice notice--info campaign-editor__notice">{CAMPAIGN_TEXTS.readOnly}</p>
          <CampaignSendingCard
            campaign={campaign}
            busy={actions.busy !== null}
            platform={campaign.delivery_connection_id ? platform : null}
            onPause={() => void actions.act('pause')}
            onResume={() => void actions.act('resume')}
            onCancel={() => void actions.act('cancel')}
          />
          {abTest && campaign.ab_test_state && abTest.state({ settings: campaign.ab_test, state: campaign.ab_test_state })}
        </>
      )}
      {!started && (
        <TemplatePicker
          onBlank={() => setStarted(true)}
          onPick={(template) => {
            replaceContent({ content_html: template.html, subject: draft.subject || template.subject, name: draft.name || template.name });
            setStarted(true);
          }}
        />
      )}
      <div className="campaign-editor__grid">
        <div className="campaign-editor__form">
          <CampaignFields
            draft={draft}
            set={set}
            errors={errors}
            problems={problems}
            readOnly={!editable}
            senders={senders}
            assistant={assistant}
            context={textContext}
            onMakeVariants={onMakeVariants}
            readerSubject={preview?.reader_subject}
          />
          {editable && (
            <section className="dash-card campaign-card" aria-labelledby="campaign-content-title">
              <div className="campaign-card__head">
                <h2 id="campaign-content-title" className="campaign-card__title">
                  Content
                </h2>
                {assistant?.content({ context: textContext, hasContent: draft.content_html !== '', onDraft: (html) => replaceContent({ content_html: html }) })}
              </div>
              <p className="campaign-card__text">Merge tags like {'{{ first_name }}'} are filled in for each subscriber. The footer with the unsubscribe link and your postal address is added for you.</p>
              <CampaignContentEditor
                key={contentVersion}
                initialHtml={draft.content_html}
                onChange={(html) => set('content_html', html)}
                labelledBy="campaign-content-title"
                describedBy={problems.content_html?.length ? 'campaign-content-problems' : undefined}
                invalid={Boolean(errors.content_html) || Boolean(problems.content_html?.length)}
                selectionTools={assistant ? (handle) => assistant.selection({ handle, campaignId: campaign?.id }) : undefined}
                altTools={assistant ? (props) => assistant.alt({ ...props, campaignId: campaign?.id }) : undefined}
              />
              <MergeTagProblems id="campaign-content-problems" problems={problems.content_html} />
              <FieldError id="campaign-content-error" message={errors.content_html} />
            </section>
          )}
          {/* Beside the content it reads; the side column sticks, so a card under the preview would sit out of reach. */}
          {editable && <CampaignChecksPanel state={checks.state} saved={campaign !== null} dirty={dirty} onRun={checks.run} />}
          <section className="dash-card campaign-card">
            <AudiencePicker
              lists={choices?.lists ?? null}
              segments={choices?.segments ?? null}
              listIds={draft.list_ids}
              segmentIds={draft.segment_ids}
              loadError={choicesError}
              error={errors.audience}
              disabled={!editable}
              onChange={(listIds, segmentIds) => {
                set('list_ids', listIds);
                set('segment_ids', segmentIds);
              }}
            />
          </section>
          <DeliveryCard
            connections={connections}
            loadError={connectionsError}
            value={draft.delivery_connection_id}
            readOnly={!editable}
            error={errors.delivery_connection_id}
            onChange={(value) => set('delivery_connection_id', value)}
          />
          {abTest &&
            abTest.panel({
              test: draft.ab_test,
              original: { subject: draft.subject, preheader: draft.preheader, from_name: draft.from_name, content_html: draft.content_html },
              audience: audienceSize,
              readOnly: !editable,
              error: errors.ab_test,
              onChange: (test) => set('ab_test', test),
            })}
          <SendTimeCard
            value={draft.send_time_optimisation}
            readOnly={!editable}
            withAbTest={draft.ab_test !== null}
            error={errors.send_time_optimisation}
            onChange={(value) => set('send_time_optimisation', value)}
          />
          <PlainTextPanel text={draft.content_text} generated={preview?.text ?? ''} onChange={(text) => set('content_text', text)} problems={problems.content_text} error={errors.content_text} readOnly={!editable} platform={platform} />
        </div>
        <aside className="campaign-editor__side">
          <PreviewPane
            preview={preview}
            preheader={draft.preheader}
            fromName={draft.from_name}
            error={previewError}
            pending={pending}
            platform={platform}
            readerPicker={<PreviewAs reader={previewReader} onChange={setPreviewReader} />}
          />
        </aside>
      </div>
      <TestSendDialog
        open={dialog === 'test'}
        confirmed={senders ? testRecipientAddresses(senders) : []}
        seedLists={seedLists ?? []}
        busy={actions.busy === 'test'}
        error={actions.dialogError?.message ?? ''}
        onClose={() => setDialog(null)}
        onSend={(body) => void actions.test(body).then((done) => done && setDialog(null))}
      />
      <ScheduleDialog
        open={dialog === 'schedule'}
        busy={actions.busy === 'schedule'}
        current={campaign?.scheduled_timezone ? { timezone: campaign.scheduled_timezone } : null}
        errors={scheduleErrors(actions.dialogError)}
        audienceSummary={audienceNames.length > 0 ? audienceNames.join(', ') : 'your chosen audience'}
        windowHours={draft.send_time_optimisation?.window_hours ?? null}
        onClose={() => setDialog(null)}
        onSchedule={(body) => void actions.schedule(body).then((done) => done && setDialog(null))}
      />
      <SendDialog
        open={dialog === 'send'}
        busy={actions.busy === 'send'}
        subject={draft.subject}
        audience={audienceNames}
        recipients={recipients}
        windowHours={draft.send_time_optimisation?.window_hours ?? null}
        error={actions.dialogError?.message ?? ''}
        checks={<CampaignChecksPanel state={checks.state} saved={campaign !== null} dirty={dirty} onRun={checks.run} compact />}
        onClose={() => setDialog(null)}
        onSend={() => void actions.act('send', true).then((done) => done && setDialog(null))}
      />
    </div>
  );
}
