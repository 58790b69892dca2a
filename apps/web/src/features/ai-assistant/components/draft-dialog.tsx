import { type FormEvent, useState } from 'react';
import { AI_LIMITS, AI_MESSAGES } from '@postlark/shared/ai';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { draftHtml, visibleText } from '../ai-answers';
import { AI_TEXTS } from '../ai-content';
import { type AiGenerator, useGeneration } from '../use-generation';
import { AiOutcomeNotice, AiRunning, SparkIcon } from './ai-parts';

interface DraftWithAiProps {
  api: AiGenerator;
  /** The editor already holds content: the draft asks before replacing it. */
  hasContent: boolean;
  campaignId?: string;
  disabled?: boolean;
  onDraft(html: string): void;
}

/** "Draft with AI": a short brief, the draft streamed in, then into the editor (asked first over existing content). */
export function DraftWithAi({ api, hasContent, campaignId, disabled, onDraft }: DraftWithAiProps) {
  const [open, setOpen] = useState(false);
  const [brief, setBrief] = useState('');
  const [briefError, setBriefError] = useState('');
  const [ready, setReady] = useState<string | null>(null);
  const { state, start, stop, reset } = useGeneration(api);
  const running = state.status === 'running';

  function close() {
    stop();
    reset();
    setReady(null);
    setOpen(false);
  }

  function apply(html: string) {
    onDraft(html);
    close();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!brief.trim()) {
      setBriefError(AI_MESSAGES.briefRequired);
      return;
    }
    setBriefError('');
    setReady(null);
    start({ task: 'draft', brief: brief.trim(), ...(campaignId ? { campaign_id: campaignId } : {}) }, (text) => {
      const html = draftHtml(text);
      if (hasContent) setReady(html);
      else apply(html);
    });
  }

  return (
    <>
      <button type="button" className="ai-action" disabled={disabled} onClick={() => setOpen(true)}>
        <SparkIcon />
        {AI_TEXTS.draft}
      </button>
      <Modal open={open} title={AI_TEXTS.draftTitle} description={AI_TEXTS.draftDescription} onClose={close}>
        <form className="ai-draft" noValidate onSubmit={submit}>
          <TextAreaField
            label={AI_TEXTS.briefLabel}
            rows={4}
            maxLength={AI_LIMITS.brief}
            placeholder={AI_TEXTS.briefPlaceholder}
            value={brief}
            error={briefError}
            hint={AI_TEXTS.sentNote}
            readOnly={running}
            onChange={(event) => setBrief(event.target.value)}
          />
          {running && <AiRunning label={AI_TEXTS.writing} onStop={stop} />}
          {(running || ready) && state.text && (
            <div className="ai-draft__preview" aria-label={AI_TEXTS.draftPreview} aria-busy={running}>
              {visibleText(state.text)}
            </div>
          )}
          <AiOutcomeNotice state={state} />
          {ready ? (
            <div className="ai-draft__confirm" role="group" aria-label={AI_TEXTS.draftReplaceQuestion}>
              <p className="ai-draft__question">{AI_TEXTS.draftReplaceQuestion}</p>
              <div className="ai-draft__actions">
                <Button variant="secondary" onClick={close}>
                  {AI_TEXTS.draftKeep}
                </Button>
                <Button onClick={() => apply(ready)}>{AI_TEXTS.draftReplace}</Button>
              </div>
            </div>
          ) : (
            <div className="ai-draft__actions">
              <Button variant="secondary" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" disabled={running}>
                <SparkIcon /> {AI_TEXTS.draftStart}
              </Button>
            </div>
          )}
        </form>
      </Modal>
    </>
  );
}
