import { useCallback, useEffect, useState } from 'react';
import type { AudienceList } from '@postlark/shared/audience';
import { AUDIENCE_TEXTS } from '../features/audience/audience-content';
import { asAudienceFailure, fetchLists } from '../features/audience/audience-thunks';
import { useAppDispatch } from './store-hooks';

interface Loaded {
  attempt: number;
  lists: AudienceList[] | null;
  error: string | null;
}

/**
 * The customer's lists, for the lists page and the subscribers' filters and forms. Read again by
 * `reload`; what was read last stays shown meanwhile.
 */
export function useAudienceLists() {
  const dispatch = useAppDispatch();
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<Loaded>({ attempt: -1, lists: null, error: null });
  const reload = useCallback(() => setAttempt((count) => count + 1), []);

  useEffect(() => {
    let live = true;
    dispatch(fetchLists())
      .unwrap()
      .then(
        (lists) => live && setLoaded({ attempt, lists, error: null }),
        (reason: unknown) =>
          live && setLoaded((current) => ({ attempt, lists: current.lists, error: asAudienceFailure(reason, AUDIENCE_TEXTS.listsFailed).message })),
      );
    return () => {
      live = false;
    };
  }, [dispatch, attempt]);

  return {
    lists: loaded.lists,
    error: loaded.error,
    loading: loaded.attempt !== attempt,
    reload,
  };
}
