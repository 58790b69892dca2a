import { Link } from 'react-router';
import { AI_PROVIDER_PATH, AI_TEXTS } from '../ai-content';
import type { GenerationState } from '../use-generation';
import './ai-assistant.css';

/** The assistant's mark: a four-pointed spark, beside every AI action. */
export function SparkIcon({ size = 16 }: { size?: number }) {
  return (
    <svg className="ai-spark" viewBox="0 0 24 24" width={size} height={size} fill="currentColor" aria-hidden="true">
      <path d="M12 2.5c.5 4.6 2.4 6.9 7 7.5-4.6.6-6.5 2.9-7 7.5-.5-4.6-2.4-6.9-7-7.5 4.6-.6 6.5-2.9 7-7.5zM19 15.5c.2 1.8 1 2.7 2.8 3-1.8.3-2.6 1.2-2.8 3-.2-1.8-1-2.7-2.8-3 1.8-.3 2.6-1.2 2.8-3z" />
    </svg>
  );
}

/**
 * How a generation ended when it gave nothing to use: the server's message, and for a failure the
 * way to connect a provider. A stop is said quietly: it is what the customer asked for.
 */
export function AiOutcomeNotice({ state }: { state: GenerationState }) {
  if (state.status === 'stopped') {
    return (
      <p className="ai-notice ai-notice--quiet" role="status">
        {state.error}
      </p>
    );
  }
  if (state.status !== 'error') return null;
  return (
    <p className="ai-notice" role="alert">
      <span>{state.error}</span> <Link to={AI_PROVIDER_PATH}>{AI_TEXTS.connectLink}</Link>
    </p>
  );
}

/** "Writing…" with a moving bar, and Stop. */
export function AiRunning({ label, onStop }: { label: string; onStop(): void }) {
  return (
    <div className="ai-running">
      <span className="ai-running__label" role="status">
        <span className="ai-running__dot" aria-hidden="true" />
        {label}
      </span>
      <button type="button" className="btn btn--secondary ai-running__stop" onMouseDown={(event) => event.preventDefault()} onClick={onStop}>
        <span className="ai-running__square" aria-hidden="true" />
        {AI_TEXTS.stop}
      </button>
    </div>
  );
}
