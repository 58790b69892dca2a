import { useCallback, useEffect, useState } from 'react';
import type { Campaign } from '@postlark/shared/campaigns';
import { CAMPAIGN_TEXTS } from '../campaigns-content';
import { asCampaignFailure, fetchCampaigns } from '../campaigns-thunks';
import { useCampaignDispatch } from './use-campaign-dispatch';

// While one of the campaigns is sending, the list reads again this often to move its bar.
const SENDING_POLL_MS = 3000;

/** The customer's campaigns, read again by `reload`, and on their own while one is sending. */
export function useCampaigns() {
  const dispatch = useCampaignDispatch();
  const [attempt, setAttempt] = useState(0);
  const [campaigns, setCampaigns] = useState<Campaign[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reload = useCallback(() => setAttempt((count) => count + 1), []);

  useEffect(() => {
    let live = true;
    dispatch(fetchCampaigns())
      .unwrap()
      .then(
        (list) => {
          if (!live) return;
          setCampaigns(list);
          setError(null);
        },
        (reason: unknown) => live && setError(asCampaignFailure(reason, CAMPAIGN_TEXTS.campaignsFailed).message),
      );
    return () => {
      live = false;
    };
  }, [dispatch, attempt]);

  const sending = campaigns?.some((campaign) => campaign.status === 'sending') ?? false;
  useEffect(() => {
    if (!sending) return;
    const timer = window.setTimeout(reload, SENDING_POLL_MS);
    return () => window.clearTimeout(timer);
  }, [sending, campaigns, reload]);

  return { campaigns, error, reload };
}
