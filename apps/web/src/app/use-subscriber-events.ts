import { useCallback, useEffect, useState } from 'react';
import type { PersonEvent } from '@postlark/shared/events';
import { AUDIENCE_TEXTS } from '../features/audience/audience-content';
import { asAudienceFailure, fetchSubscriberEvents } from '../features/audience/audience-thunks';
import { useAppDispatch } from './store-hooks';

export interface SubscriberEvents {
  events: PersonEvent[];
  /** Whether older events remain. */
  more: boolean;
  loading: boolean;
  error: string;
  /** The next (older) page, or the failed one again. */
  loadMore(): void;
}

/** A person's events, newest first, a page at a time. */
export function useSubscriberEvents(subscriberId: string): SubscriberEvents {
  const dispatch = useAppDispatch();
  const [state, setState] = useState({ events: [] as PersonEvent[], next: null as string | null, loading: true, error: '', request: { after: null as string | null } });

  useEffect(() => {
    let live = true;
    const { after } = state.request;
    dispatch(fetchSubscriberEvents({ id: subscriberId, after }))
      .unwrap()
      .then(
        (page) => live && setState((current) => ({ ...current, events: [...(after ? current.events : []), ...page.events], next: page.next_cursor, loading: false, error: '' })),
        (reason: unknown) => live && setState((current) => ({ ...current, loading: false, error: asAudienceFailure(reason, AUDIENCE_TEXTS.eventsFailed).message })),
      );
    return () => {
      live = false;
    };
  }, [dispatch, subscriberId, state.request]);

  // A new request object, even for the same page again (a retry), runs the effect once more.
  const loadMore = useCallback(() => setState((current) => ({ ...current, loading: true, error: '', request: { after: current.next } })), []);
  return { events: state.events, more: state.next !== null, loading: state.loading, error: state.error, loadMore };
}
