import { useCallback, useEffect, useState } from 'react';
import { SEED_LIST_TEXTS, type SeedList } from '@postlark/shared/seed-lists';
import { asCampaignFailure } from '../campaigns-thunks';
import { fetchSeedLists } from '../seed-lists-thunks';
import { useCampaignDispatch } from './use-campaign-dispatch';

/** The customer's seed lists, read again by `reload`. */
export function useSeedLists() {
  const dispatch = useCampaignDispatch();
  const [attempt, setAttempt] = useState(0);
  const [lists, setLists] = useState<SeedList[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reload = useCallback(() => setAttempt((count) => count + 1), []);

  useEffect(() => {
    let live = true;
    dispatch(fetchSeedLists())
      .unwrap()
      .then(
        (next) => {
          if (!live) return;
          setLists(next);
          setError(null);
        },
        (reason: unknown) => live && setError(asCampaignFailure(reason, SEED_LIST_TEXTS.loadFailed).message),
      );
    return () => {
      live = false;
    };
  }, [dispatch, attempt]);

  return { lists, error, reload };
}
