import { useCallback, useEffect, useState } from 'react';
import type { Campaign } from '@postlark/shared/campaigns';
import { CAMPAIGN_TEXTS } from '../campaigns-content';
import { asCampaignFailure, type CampaignFailure, fetchCampaign } from '../campaigns-thunks';
import { useCampaignDispatch } from './use-campaign-dispatch';

// The progress bar moves about this often while the campaign is sending.
const SENDING_POLL_MS = 2000;

/**
 * One campaign (none for a new one), read again every 2 s while it is sending so its progress
 * bar moves. `replace` puts in the campaign a save or an action answered with.
 */
export function useCampaign(id: string | null) {
  const dispatch = useCampaignDispatch();
  const [campaign, setCampaign] = useState<Campaign | null>(null);
  const [failure, setFailure] = useState<CampaignFailure | null>(null);
  const [attempt, setAttempt] = useState(0);
  const reload = useCallback(() => setAttempt((count) => count + 1), []);

  useEffect(() => {
    if (!id) return;
    let live = true;
    dispatch(fetchCampaign(id))
      .unwrap()
      .then(
        (found) => {
          if (!live) return;
          setCampaign(found);
          setFailure(null);
        },
        (reason: unknown) => live && setFailure(asCampaignFailure(reason, CAMPAIGN_TEXTS.campaignFailed)),
      );
    return () => {
      live = false;
    };
  }, [dispatch, id, attempt]);

  const sending = campaign?.id === id && campaign?.status === 'sending';
  useEffect(() => {
    if (!sending) return;
    const timer = window.setTimeout(reload, SENDING_POLL_MS);
    return () => window.clearTimeout(timer);
  }, [sending, campaign, reload]);

  return { campaign: campaign?.id === id ? campaign : null, failure, reload, replace: setCampaign };
}
