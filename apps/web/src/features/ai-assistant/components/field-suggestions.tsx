import { useState } from 'react';
import type { AiGenerateRequest } from '@postlark/shared/ai';
import { AI_LIMITS } from '@postlark/shared/ai';
import { suggestionLines } from '../ai-answers';
import { AI_TEXTS } from '../ai-content';
import { type AiGenerator, useGeneration } from '../use-generation';
import { AiOutcomeNotice, AiRunning, SparkIcon } from './ai-parts';

/** Variants an A/B test takes beside the original (CONTRACT: 2 to 4 variants, A is the campaign's own). */
const MAX_PICKS = 3;

export interface FieldSuggestionsProps {
  api: AiGenerator;
  field: 'subject' | 'preheader';
  /** The campaign's own text the ideas are made from (never a subscriber's details). */
  context: Omit<AiGenerateRequest, 'task'>;
  disabled?: boolean;
  onUse(value: string): void;
  /** Turns picked ideas into A/B variants; without it there is no such button. */
  onMakeVariants?(dimension: 'subject' | 'preheader', values: string[]): void;
}

/** "Suggest" under the subject or preview text: five ideas streamed in, each one click to use. */
export function FieldSuggestions({ api, field, context, disabled, onUse, onMakeVariants }: FieldSuggestionsProps) {
  const { state, start, stop, reset } = useGeneration(api);
  const [picked, setPicked] = useState<string[]>([]);
  const [used, setUsed] = useState<string | null>(null);
  const running = state.status === 'running';
  const ideas = state.status === 'done' ? (state.suggestions.length > 0 ? state.suggestions.slice(0, AI_LIMITS.suggestions) : suggestionLines(state.text, true)) : suggestionLines(state.text, false);
  const open = state.status !== 'idle';
  const title = AI_TEXTS.suggestionsTitle[field];
  const label = field === 'subject' ? AI_TEXTS.suggestSubjects : AI_TEXTS.suggestPreheaders;

  function suggest() {
    setPicked([]);
    setUsed(null);
    start({ task: field === 'subject' ? 'subjects' : 'preheaders', ...context });
  }

  function toggle(idea: string) {
    setPicked((current) => (current.includes(idea) ? current.filter((item) => item !== idea) : current.length < MAX_PICKS ? [...current, idea] : current));
  }

  return (
    <div className="ai-suggest">
      <button type="button" className="ai-action ai-suggest__trigger" aria-label={label} title={label} disabled={disabled || running} onClick={suggest}>
        <SparkIcon />
        {AI_TEXTS.suggest}
      </button>
      {open && (
        <section className="ai-panel" aria-label={title}>
          <header className="ai-panel__head">
            <h3 className="ai-panel__title">
              <SparkIcon /> {title}
            </h3>
            {!running && (
              <button type="button" className="ai-panel__close" aria-label={AI_TEXTS.close} onClick={reset}>
                ×
              </button>
            )}
          </header>
          {running && <AiRunning label={AI_TEXTS.writing} onStop={stop} />}
          <AiOutcomeNotice state={state} />
          {ideas.length > 0 && (
            <ol className="ai-ideas" aria-label={title} aria-busy={running}>
              {ideas.map((idea, index) => (
                <li key={`${index}:${idea}`} className="ai-idea">
                  {onMakeVariants && state.status === 'done' && (
                    <input
                      type="checkbox"
                      className="ai-idea__pick"
                      aria-label={`${AI_TEXTS.pickForTest}: ${idea}`}
                      checked={picked.includes(idea)}
                      disabled={!picked.includes(idea) && picked.length >= MAX_PICKS}
                      onChange={() => toggle(idea)}
                    />
                  )}
                  <span className="ai-idea__text">{idea}</span>
                  <button
                    type="button"
                    className="btn btn--secondary ai-idea__use"
                    aria-label={`${AI_TEXTS.use}: ${idea}`}
                    disabled={running || disabled}
                    onClick={() => {
                      onUse(idea);
                      setUsed(idea);
                    }}
                  >
                    {used === idea ? AI_TEXTS.used : AI_TEXTS.use}
                  </button>
                </li>
              ))}
            </ol>
          )}
          {onMakeVariants && state.status === 'done' && ideas.length > 0 && (
            <footer className="ai-panel__foot">
              <span className="ai-panel__hint">{AI_TEXTS.testHint}</span>
              <button type="button" className="btn btn--primary" disabled={picked.length === 0 || disabled} onClick={() => onMakeVariants(field, picked)}>
                {AI_TEXTS.testAsVariants(picked.length)}
              </button>
            </footer>
          )}
        </section>
      )}
    </div>
  );
}
