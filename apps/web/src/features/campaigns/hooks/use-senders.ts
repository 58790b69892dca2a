import { useCallback, useEffect, useState } from 'react';
import type { SenderDomain, SenderOverview } from '@postlark/shared/senders';
import { SENDER_TEXTS } from '../campaigns-content';
import { asCampaignFailure } from '../campaigns-thunks';
import { fetchSenders } from '../senders-thunks';
import { useCampaignDispatch } from './use-campaign-dispatch';

/** The customer's senders and domains, read again by `reload`; a checked domain put in by `replaceDomain`. */
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

  /** A domain as a check answered it, shown at once in place of the one read before. */
  const replaceDomain = useCallback((domain: SenderDomain) => {
    setOverview((current) => current && { ...current, domains: current.domains.map((known) => (known.id === domain.id ? domain : known)) });
  }, []);

  return { overview, error, reload, replaceDomain };
}
