import { useEffect, useState } from 'react';
import { SEARCH_LIMITS, type SearchAnswer } from '@postlark/shared/search';
import { getSearch } from './top-bar-api';

// Long enough that typing a word sends one request, short enough to feel instant.
const DEBOUNCE_MS = 180;

export type SearchState =
  | { phase: 'idle' }
  /** `answer`: the previous query's, shown until the new one comes. */
  | { phase: 'loading'; answer: SearchAnswer | null }
  | { phase: 'done'; answer: SearchAnswer }
  | { phase: 'failed' };

type Settled = { q: string; answer: SearchAnswer | null };

/**
 * The answer for the box's text as it is typed: asked once the typing pauses, and any earlier
 * request still on its way is cancelled, so an old answer never replaces a newer one.
 */
export function useTopBarSearch(text: string): SearchState {
  const q = text.trim().slice(0, SEARCH_LIMITS.query);
  // The last query answered (answer null: it failed); what shows is worked out from it and q.
  const [settled, setSettled] = useState<Settled | null>(null);

  useEffect(() => {
    if (q === '') return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      getSearch(q, controller.signal).then(
        (result) => {
          // Cancelled for a newer query (or the box unmounting): its answer, if any, is stale.
          if (controller.signal.aborted) return;
          const answer = result.body?.payload;
          setSettled({
            q,
            answer: result.ok && answer && Array.isArray(answer.campaigns?.items) ? answer : null,
          });
        },
        () => {
          if (!controller.signal.aborted) setSettled({ q, answer: null });
        },
      );
    }, DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [q]);

  if (q === '') return { phase: 'idle' };
  if (settled?.q !== q) return { phase: 'loading', answer: settled?.answer ?? null };
  return settled.answer ? { phase: 'done', answer: settled.answer } : { phase: 'failed' };
}
