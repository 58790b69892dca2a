import { useCallback, useEffect, useRef, useState } from 'react';
import { AI_MESSAGES, type AiGenerateRequest, type AiProviderView } from '@postlark/shared/ai';
import type { GenerateOutcome } from './ai-api';
import { unavailableReason } from './ai-answers';

/** What the assistant's pieces need from the app: the provider's view and a streamed generation. */
export interface AiGenerator {
  view: AiProviderView | null;
  generate(request: AiGenerateRequest, signal: AbortSignal, onText: (text: string) => void): Promise<GenerateOutcome>;
}

export type GenerationStatus = 'idle' | 'running' | 'done' | 'error' | 'stopped';

export interface GenerationState {
  status: GenerationStatus;
  /** The answer so far while running; the whole answer once done. */
  text: string;
  suggestions: string[];
  error: string;
}

const IDLE: GenerationState = { status: 'idle', text: '', suggestions: [], error: '' };

/**
 * One generation at a time for one piece of the screen: start, watch it stream, stop it. Stopping
 * aborts the request; leaving the page does too. `onDone` runs only for a complete answer, so
 * nothing is applied from a stopped or failed one.
 */
export function useGeneration(api: AiGenerator) {
  const [state, setState] = useState<GenerationState>(IDLE);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(
    (request: AiGenerateRequest, onDone?: (text: string, suggestions: string[]) => void) => {
      const unavailable = unavailableReason(api.view);
      if (unavailable) {
        setState({ ...IDLE, status: 'error', error: unavailable });
        return;
      }
      controller.current?.abort();
      const own = new AbortController();
      controller.current = own;
      setState({ ...IDLE, status: 'running' });
      void api
        .generate(request, own.signal, (text) => {
          if (controller.current === own) setState((current) => ({ ...current, text }));
        })
        .then((outcome) => {
          if (controller.current !== own) return;
          controller.current = null;
          if (outcome.kind === 'done') {
            setState({ status: 'done', text: outcome.text, suggestions: outcome.suggestions, error: '' });
            onDone?.(outcome.text, outcome.suggestions);
          } else if (outcome.kind === 'stopped') setState({ ...IDLE, status: 'stopped', error: AI_MESSAGES.stopped });
          else setState({ ...IDLE, status: 'error', error: outcome.message });
        });
    },
    [api],
  );

  const stop = useCallback(() => {
    const running = controller.current;
    controller.current = null;
    running?.abort();
    if (running) setState({ ...IDLE, status: 'stopped', error: AI_MESSAGES.stopped });
  }, []);

  const reset = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    setState(IDLE);
  }, []);

  return { state, start, stop, reset };
}
