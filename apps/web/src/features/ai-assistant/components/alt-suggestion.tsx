import { AI_LIMITS } from '@postlark/shared/ai';
import { AI_TEXTS } from '../ai-content';
import { type AiGenerator, useGeneration } from '../use-generation';
import { AiOutcomeNotice, AiRunning, SparkIcon } from './ai-parts';

interface AltSuggestionProps {
  api: AiGenerator;
  /** The campaign's text around where the image goes. */
  around: string;
  /** The image's file name ('' when unknown); the server ignores one that says nothing. */
  imageName: string;
  campaignId?: string;
  onUse(alt: string): void;
}

/**
 * Under an image's alt text field: "Suggest alt text with AI" fills the field from the words
 * around the image and its file name. The model cannot see the picture, so the customer is asked
 * to check the words, which stay theirs to change.
 */
export function AltSuggestion({ api, around, imageName, campaignId, onUse }: AltSuggestionProps) {
  const { state, start, stop } = useGeneration(api);
  const running = state.status === 'running';

  function suggest() {
    start(
      {
        task: 'alt',
        selection: around.slice(0, AI_LIMITS.aroundImage),
        ...(imageName ? { image_name: imageName.slice(0, AI_LIMITS.imageName) } : {}),
        ...(campaignId ? { campaign_id: campaignId } : {}),
      },
      (text) => onUse(text),
    );
  }

  return (
    <div className="ai-alt">
      {running ? (
        <AiRunning label={AI_TEXTS.altWriting} onStop={stop} />
      ) : (
        <button type="button" className="ai-action" onClick={suggest}>
          <SparkIcon />
          {AI_TEXTS.suggestAlt}
        </button>
      )}
      {state.status === 'done' && (
        <p className="ai-notice ai-notice--quiet" role="status">
          {AI_TEXTS.altSuggested}
        </p>
      )}
      <AiOutcomeNotice state={state} />
    </div>
  );
}
