import { useCallback, useEffect, useState } from 'react';
import type { Campaign } from '@postlark/shared/campaigns';
import type { EmailPlatformId } from '@postlark/shared/integrations';
import { CAMPAIGN_TEXTS } from '../campaigns-content';
import { asCampaignFailure, fetchCampaigns } from '../campaigns-thunks';
import { useCampaignDispatch } from './use-campaign-dispatch';

// While one of the campaigns is sending, the list reads again this often to move its bar.
const SENDING_POLL_MS = 3000;

/** The customer's campaigns (those a platform delivered, when given), read again by `reload`, and on their own while one is sending. */
export function useCampaigns(platform: EmailPlatformId | null = null) {
  const dispatch = useCampaignDispatch();
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<{ platform: EmailPlatformId | null; campaigns: Campaign[] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reload = useCallback(() => setAttempt((count) => count + 1), []);

  useEffect(() => {
    let live = true;
    dispatch(fetchCampaigns(platform))
      .unwrap()
      .then(
        (list) => {
          if (!live) return;
          setLoaded({ platform, campaigns: list });
          setError(null);
        },
        (reason: unknown) => live && setError(asCampaignFailure(reason, CAMPAIGN_TEXTS.campaignsFailed).message),
      );
    return () => {
      live = false;
    };
  }, [dispatch, platform, attempt]);

  // Another filter's rows are not shown while this one's load.
  const campaigns = loaded?.platform === platform ? loaded.campaigns : null;

  const sending = campaigns?.some((campaign) => campaign.status === 'sending') ?? false;
  useEffect(() => {
    if (!sending) return;
    const timer = window.setTimeout(reload, SENDING_POLL_MS);
    return () => window.clearTimeout(timer);
  }, [sending, campaigns, reload]);

  return { campaigns, error, reload };
}
