import { useCallback, useEffect, useState } from 'react';
import type { SenderOverview } from '@postlark/shared/senders';
import { SENDER_TEXTS } from '../campaigns-content';
import { asCampaignFailure } from '../campaigns-thunks';
import { fetchSenders } from '../senders-thunks';
import { useCampaignDispatch } from './use-campaign-dispatch';

/** The customer's senders and domains, read again by `reload`. */
export function useSenders() {
  const dispatch = useCampaignDispatch();
  const [attempt, setAttempt] = useState(0);
  const [overview, setOverview] = useState<SenderOverview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reload = useCallback(() => setAttempt((count) => count + 1), []);

  useEffect(() => {
    let live = true;
    dispatch(fetchSenders())
      .unwrap()
      .then(
        (next) => {
          if (!live) return;
          setOverview(next);
          setError(null);
        },
        (reason: unknown) => live && setError(asCampaignFailure(reason, SENDER_TEXTS.loadFailed).message),
      );
    return () => {
      live = false;
    };
  }, [dispatch, attempt]);

  return { overview, error, reload };
}
